// The JavaScript and CSS a browser loads for /login (the entry, its preloads and the route's chunk,
// fetched on demand), gzipped, against a bare Vite + React app built in the same run with the
// repository's own vite, react and @vitejs/plugin-react.
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { ROOT, step, tempDir } from './lib.mjs';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function chromiumPath() {
  const found = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
    (candidate) => candidate && fs.existsSync(candidate),
  );
  if (!found)
    throw new Error(
      'Chromium is missing: install it (Debian: apt-get install chromium) or set CHROME_PATH.',
    );
  return found;
}

/**
 * @typedef {{ files: number, bytes: number, gzip: number }} Weight
 * @typedef {{ js: Weight, css: Weight, names: string[] }} PageWeight
 */

const TYPES = /** @type {Record<string, string>} */ ({
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.png': 'image/png',
  '.json': 'application/json',
});

/** Serves a built app: its files, login.html for /login, and index.html for any other page. */
function serve(/** @type {string} */ dist) {
  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = path.join(dist, path.normalize(pathname));
    if (file.startsWith(dist) && fs.statSync(file, { throwIfNoEntry: false })?.isFile()) {
      res.writeHead(200, {
        'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      });
      res.end(fs.readFileSync(file));
    } else if (pathname.startsWith('/api/') || path.extname(pathname)) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"message":"Not found"}');
    } else {
      // As the server does: /login has a page of its own when the build has one.
      const own = path.join(dist, `${pathname.slice(1)}.html`);
      const page =
        pathname === '/login' && fs.existsSync(own) ? own : path.join(dist, 'index.html');
      res.writeHead(200, { 'content-type': TYPES['.html'] });
      res.end(fs.readFileSync(page));
    }
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ url: `http://127.0.0.1:${port}`, close: () => server.close() });
    }),
  );
}

/**
 * Loads a page of a built app in headless Chromium and weighs every script and style it fetched.
 * @param {string} dist
 * @param {string} page
 * @returns {Promise<PageWeight>}
 */
async function weigh(dist, page) {
  const server = /** @type {{ url: string, close: () => void }} */ (await serve(dist));
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const tab = await browser.newPage();
    /** @type {Promise<{ type: string, name: string, body: Buffer } | undefined>[]} */
    const loaded = [];
    tab.on('response', (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      loaded.push(
        response.body().then(
          (body) => ({ type, name: new URL(response.url()).pathname, body }),
          // A request the page dropped before its body came (a preload it no longer needed).
          () => undefined,
        ),
      );
    });
    await tab.goto(`${server.url}${page}`, { waitUntil: 'networkidle' });
    const assets = /** @type {{ type: string, name: string, body: Buffer }[]} */ (
      (await Promise.all(loaded)).filter(Boolean)
    );
    const weight = (/** @type {string} */ type) => {
      const bodies = assets.filter((a) => a.type === type).map((a) => a.body);
      return {
        files: bodies.length,
        bytes: bodies.reduce((sum, body) => sum + body.length, 0),
        gzip: bodies.reduce((sum, body) => sum + zlib.gzipSync(body).length, 0),
      };
    };
    return {
      js: weight('script'),
      css: weight('stylesheet'),
      names: assets.map((a) => path.basename(a.name)).sort(),
    };
  } finally {
    await browser.close();
    server.close();
  }
}

/** A bare Vite + React app (a heading and a line of CSS), built as the app is. */
async function buildBareApp() {
  const dir = tempDir('bench-bare-vite-');
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  fs.mkdirSync(path.join(dir, 'src'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Bare</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/src/main.jsx"></script>
  </body>
</html>
`,
  );
  fs.writeFileSync(
    path.join(dir, 'src/index.css'),
    'body { margin: 0; font-family: system-ui; }\n',
  );
  fs.writeFileSync(
    path.join(dir, 'src/main.jsx'),
    `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <h1>Hello</h1>
  </StrictMode>,
);
`,
  );
  // The web app's own plugin, as its vite.config.ts uses it.
  const requireFromWeb = createRequire(path.join(ROOT, 'apps/web/package.json'));
  const pluginReact = await import(
    pathToFileURL(requireFromWeb.resolve('@vitejs/plugin-react')).href
  );
  await build({
    root: dir,
    configFile: false,
    logLevel: 'warn',
    plugins: [pluginReact.default()],
    build: { outDir: path.join(dir, 'dist'), emptyOutDir: true },
  });
  return path.join(dir, 'dist');
}

/**
 * @param {string} webDist the web app's build
 * @returns {Promise<{ app: PageWeight, bare: PageWeight }>}
 */
export async function measureWebSize(webDist) {
  step('/login in headless Chromium');
  const app = await weigh(webDist, '/login');
  step('a bare Vite + React app, built now');
  const bare = await weigh(await buildBareApp(), '/');
  return { app, bare };
}
