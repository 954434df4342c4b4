// The server as production runs it: one ES module per entry point, bundled with the contract's
// sources, run by plain `node` (no TypeScript loader). Packages from node_modules stay imports.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import { build } from 'esbuild';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = path.join(SERVER_DIR, 'dist');
const { dependencies } = JSON.parse(fs.readFileSync(path.join(SERVER_DIR, 'package.json'), 'utf8'));

/** Workspace packages ship TypeScript sources: they are bundled; every other package is imported. */
const external = Object.keys(dependencies).filter((name) => !name.startsWith('@app/'));

/** Builds `dist/server.js` and `dist/admin.js`; returns the server's entry file. */
export async function buildServer() {
  const result = await build({
    entryPoints: {
      server: path.join(SERVER_DIR, 'src/server.ts'),
      admin: path.join(SERVER_DIR, 'src/cli/admin.ts'),
    },
    outdir: OUT_DIR,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: external.flatMap((name) => [name, `${name}/*`]),
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
  });
  // Chunks of earlier builds go once this one is written (never before: a server starting now
  // must find every file its entry names).
  const written = new Set(Object.keys(result.metafile.outputs).map((file) => path.resolve(file)));
  for (const file of fs.readdirSync(OUT_DIR)) {
    const full = path.join(OUT_DIR, file);
    if (!written.has(full)) fs.rmSync(full, { force: true });
  }
  return path.join(OUT_DIR, 'server.js');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
