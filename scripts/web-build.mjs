import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST_INDEX = path.join(ROOT, 'apps/web/dist/index.html');
/** What the build is made of: the sources, and the manifests and lockfile that pin its dependencies. */
const SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/vite',
  'apps/web/package.json',
  'packages/contract/src',
  'packages/contract/package.json',
  'package.json',
  'package-lock.json',
];

function newestChange(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestChange(path.join(target, entry)));
  return newest;
}

/** Builds the web app when there is no build yet or a source is newer than the last one. */
export function buildWebIfNeeded() {
  const built = fs.statSync(DIST_INDEX, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const changed = Math.max(...SOURCES.map((source) => newestChange(path.join(ROOT, source))));
  if (built >= changed) return;
  console.log(
    built ? 'The web app changed since its last build: building it…' : 'Building the web app…',
  );
  // The production build whatever the caller runs as (the browser tests' server runs as `test`):
  // Vite takes React's development build when NODE_ENV says anything else, and the build is kept.
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web', '--silent'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
