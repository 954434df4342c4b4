import path from 'node:path';
import type { Plugin } from 'vite';

type FirstLoadChunksOptions = {
  /** The app's page (html file name) and the name of the file of what only it loads at once. */
  app: { page: string; chunk: string };
  /** Pages of their own (the login page), each with the name of the file of what only it loads. */
  pages: Record<string, string>;
  /** The file of what several pages load at once, or a page loads at once and the app later. */
  shared?: string;
};

/**
 * Packs what each page (html entry) loads at once into few files (decision 0030). Left to itself,
 * the bundler cuts that first load wherever lazy pages share a module: /login came in six scripts
 * and the app in six, which on HTTP/1.1 (six connections) queue behind each other on a phone.
 * Once the module graph is known, every module a page imports statically goes to `shared` if
 * another page loads it too, or the app may load it later; otherwise to the page's own file.
 * The pages' entry scripts and the lazy pages keep chunks of their own and import from these.
 */
export function firstLoadChunks({ app, pages, shared = 'shared' }: FirstLoadChunksOptions): Plugin {
  const chunkOf = new Map<string, string>();
  return {
    name: 'first-load-chunks',
    apply: 'build',
    buildEnd() {
      const info = (id: string) => this.getModuleInfo(id);
      /** The modules `from` imports, statically or also through `import()`, all the way down. */
      const closure = (from: readonly string[], lazy: boolean) => {
        const seen = new Set<string>();
        const stack = [...from];
        while (stack.length > 0) {
          const id = stack.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          const module = info(id);
          stack.push(...(module?.importedIds ?? []));
          if (lazy) stack.push(...(module?.dynamicallyImportedIds ?? []));
        }
        return seen;
      };
      const htmlOf = (page: string) => {
        const html = [...this.getModuleIds()].find(
          (id) => id.endsWith('.html') && path.basename(id, '.html') === page,
        );
        if (!html) throw new Error(`first-load-chunks: no page ${page}.html in the build.`);
        return info(html)?.importedIds ?? [];
      };
      /**
       * What a page loads at once. Its own scripts are left out: the app's entry renders the app,
       * and the login page loads the app's modules without it. Vite's helpers (`\0vite/…`) are in.
       */
      const firstLoadOf = (page: string) => {
        const imported = htmlOf(page);
        const helpers = imported.filter((id) => id.startsWith('\0'));
        const scripts = imported.filter((id) => !id.startsWith('\0'));
        return closure(
          [...helpers, ...scripts.flatMap((id) => info(id)?.importedIds ?? [])],
          false,
        );
      };

      chunkOf.clear();
      const appFirst = firstLoadOf(app.page);
      const appAll = closure(htmlOf(app.page), true);
      for (const [page, chunk] of Object.entries(pages)) {
        for (const id of firstLoadOf(page)) {
          const elsewhere = appAll.has(id) || (chunkOf.has(id) && chunkOf.get(id) !== chunk);
          chunkOf.set(id, elsewhere ? shared : chunk);
        }
      }
      for (const id of appFirst) {
        if (!chunkOf.has(id)) chunkOf.set(id, app.chunk);
      }
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        return largestScriptsFirst(html, (file) => {
          const output = bundle[file];
          return output?.type === 'chunk' ? output.code.length : 0;
        });
      },
    },
    outputOptions(options) {
      const group = (name: string, priority: number) => ({
        name,
        priority,
        test: (id: string) => chunkOf.get(id) === name,
      });
      return {
        ...options,
        codeSplitting: {
          // `shared` is claimed first, so that no page's own file takes a module it holds.
          groups: [
            group(shared, 2),
            group(app.chunk, 1),
            ...Object.values(pages).map((chunk) => group(chunk, 1)),
          ],
        },
      };
    },
  };
}

const SCRIPT_TAG = /\s*<script type="module" crossorigin src="\/([^"]+)"><\/script>/;
const PRELOAD_TAG = /\s*<link rel="modulepreload" crossorigin href="\/([^"]+)">/g;

/**
 * Puts a page's scripts in the order their downloads should start: the largest first, its entry
 * (which only imports the others) last. A phone opens six connections to a server and fills them
 * in the order the page names its files; the styles and faces of the first screen take most of
 * them, so the file that takes longest to come is the one that must not wait for a free one.
 */
export function largestScriptsFirst(html: string, sizeOf: (file: string) => number): string {
  const entry = SCRIPT_TAG.exec(html);
  if (!entry) return html;
  const preloads = [...html.matchAll(PRELOAD_TAG)]
    .map((tag) => ({ tag: tag[0], size: sizeOf(tag[1]!) }))
    .sort((a, b) => b.size - a.size)
    .map(({ tag }) => tag);
  const rest = preloads.reduce((page, tag) => page.replace(tag, ''), html.replace(entry[0], ''));
  return `${rest.slice(0, entry.index)}${preloads.join('')}${entry[0]}${rest.slice(entry.index)}`;
}
