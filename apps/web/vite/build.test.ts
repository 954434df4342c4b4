import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type Rolldown } from 'vite';
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from './route-preloads.ts';

/** The production build, as `npm run build` makes it (decisions 0027 and 0030). */
const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-build-'));
let chunks: Rolldown.OutputChunk[] = [];

beforeAll(async () => {
  const output = await build({ root: webRoot, logLevel: 'silent', build: { outDir } });
  const results = Array.isArray(output) ? output : [output];
  chunks = results.flatMap((result) =>
    'output' in result ? result.output.filter((item) => item.type === 'chunk') : [],
  );
}, 120_000);
afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

const chunk = (fileName: string) => {
  const found = chunks.find((candidate) => candidate.fileName === fileName);
  if (!found) throw new Error(`${fileName} is not a chunk of the build`);
  return found;
};

/** The scripts a page names (its entry and what it preloads), as the browser finds them. */
function firstLoad(page: string) {
  const html = fs.readFileSync(path.join(outDir, page), 'utf8');
  const named = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  return {
    scripts: named.map(chunk),
    styles: [...html.matchAll(/href="\/(assets\/[^"]+\.css)"/g)].map((m) => m[1]!),
  };
}

/** Every chunk `from` loads, statically and, if asked, through dynamic imports too. */
function reached(from: Rolldown.OutputChunk[], dynamic: boolean) {
  const seen = new Map(from.map((c) => [c.fileName, c]));
  const queue = [...from];
  while (queue.length > 0) {
    const next = queue.pop()!;
    for (const name of [...next.imports, ...(dynamic ? next.dynamicImports : [])]) {
      if (seen.has(name)) continue;
      seen.set(name, chunk(name));
      queue.push(chunk(name));
    }
  }
  return [...seen.values()];
}

const modulesOf = (list: Rolldown.OutputChunk[]) => list.flatMap((c) => c.moduleIds);
const fromPackage = (name: string) => (id: string) => id.includes(`/node_modules/${name}/`);

describe('the build', () => {
  it("loads /login without the router or the query cache, which the app's pages load", () => {
    const login = modulesOf(reached(firstLoad('login.html').scripts, false));
    expect(login.filter(fromPackage('react-router'))).toEqual([]);
    expect(login.filter(fromPackage('@tanstack/query-core'))).toEqual([]);
    expect(login.some((id) => id.endsWith('/src/features/auth/pages/login-page.tsx'))).toBe(true);

    const app = modulesOf(reached(firstLoad('index.html').scripts, false));
    expect(app.some(fromPackage('react-router'))).toBe(true);
    expect(app.some(fromPackage('@tanstack/query-core'))).toBe(true);
  });

  it("hands /login over to the app without running the app's own entry a second time", () => {
    const handedOver = modulesOf(reached(firstLoad('login.html').scripts, true));
    expect(handedOver.some((id) => id.endsWith('/src/app/providers.tsx'))).toBe(true);
    expect(handedOver.filter((id) => id.endsWith('/src/main.tsx'))).toEqual([]);
  });

  it('packs the first load of each page into a few files', () => {
    for (const page of ['login.html', 'index.html']) {
      const { scripts, styles } = firstLoad(page);
      expect(scripts.length, page).toBeLessThanOrEqual(4);
      expect(styles.length, page).toBeLessThanOrEqual(2);
      // Nothing a page needs at once is left to be found later, chunk by chunk.
      expect(reached(scripts, false).length, page).toBe(scripts.length);
    }
  });

  it('names the scripts of a first load largest first, and the entry, which imports them, last', () => {
    for (const page of ['login.html', 'index.html']) {
      const { scripts } = firstLoad(page);
      const entry = scripts.at(-1)!;
      expect(entry.isEntry, page).toBe(true);
      const preloaded = scripts.slice(0, -1).map((script) => script.code.length);
      expect(preloaded, page).toEqual([...preloaded].sort((a, b) => b - a));
      expect(preloaded[0], page).toBe(Math.max(...scripts.map((script) => script.code.length)));
    }
  });

  it('writes the icon into each page, which then asks the server for it no more', () => {
    const icon = fs.readFileSync(path.join(webRoot, 'public/images/favicon.svg'), 'utf8');
    for (const page of ['login.html', 'index.html']) {
      const html = fs.readFileSync(path.join(outDir, page), 'utf8');
      const href = /<link rel="icon" type="image\/svg\+xml" href="([^"]+)"/.exec(html)?.[1];
      expect(href, page).toMatch(/^data:image\/svg\+xml,/);
      const drawn = decodeURIComponent(href!.slice('data:image/svg+xml,'.length));
      expect(drawn.replaceAll("'", '"'), page).toBe(icon.trim().replace(/\s+/g, ' '));
      expect(html, page).not.toContain('/images/favicon.svg');
    }
  });

  it('lists the files of each page the app loads when first visited, for the server', () => {
    const routes = JSON.parse(
      fs.readFileSync(path.join(outDir, ROUTE_PRELOADS_FILE), 'utf8'),
    ) as RoutePreloads;
    const appFirst = new Set(
      reached(firstLoad('index.html').scripts, false).map((c) => c.fileName),
    );
    const lazyPages = chunks.filter(
      (c) => c.isDynamicEntry && /-page\.tsx$/.test(c.facadeModuleId ?? ''),
    );
    // Every such page, each under the pattern of its route, its own chunk first.
    expect(routes.map((route) => route.scripts[0]).sort()).toEqual(
      lazyPages
        .map((c) => c.fileName)
        .filter((file) => !file.includes('not-found-page'))
        .sort(),
    );
    const play = routes.find((route) => route.pattern === '/quiz/play')!;
    expect(chunk(play.scripts[0]!).facadeModuleId).toMatch(/\/quiz\/pages\/quiz-play-page\.tsx$/);
    // Everything it imports that the app has not loaded yet, and their styles.
    expect(
      reached([chunk(play.scripts[0]!)], false)
        .map((c) => c.fileName)
        .filter((file) => !appFirst.has(file))
        .sort(),
    ).toEqual([...play.scripts].sort());
    expect(play.styles.length).toBeGreaterThan(0);
    expect(play.styles.every((file) => fs.existsSync(path.join(outDir, file)))).toBe(true);
    // The league's address holds the brand's slug, which only the server knows.
    expect(routes.map((route) => route.pattern)).toContain('/{brandSlug}league');
    expect(routes.map((route) => route.pattern)).toContain('/duels/play/:id/round/:round');
  });

  it("draws Home, a signed-in visit's first page, and a quiz's levels with the app's first load", () => {
    const app = modulesOf(reached(firstLoad('index.html').scripts, false));
    expect(app.some((id) => id.endsWith('/src/features/home/pages/home-page.tsx'))).toBe(true);
    // Decision 0047: Home's main call to action needs no file of its own.
    expect(app.some((id) => id.endsWith('/src/features/quiz/pages/quiz-start-page.tsx'))).toBe(
      true,
    );
  });

  it("takes React Router's production build, without its development warnings", () => {
    const router = modulesOf(chunks).filter(fromPackage('react-router'));
    expect(router.length).toBeGreaterThan(0);
    expect(router.filter((id) => id.includes('/dist/development/'))).toEqual([]);
  });
});
