import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { firstLoadChunks } from './vite/first-load-chunks.ts';
import { inlineIcon } from './vite/inline-icon.ts';
import { loginPage } from './vite/login-page.ts';
import { precompress } from './vite/precompress.ts';
import { preloadFonts } from './vite/preload-fonts.ts';
import { routePreloads } from './vite/route-preloads.ts';

const apiTarget = 'http://localhost:3000';
/**
 * React Router's package exports only its development build, dev warnings on, to every bundler;
 * the build takes the production one, which differs by that switch alone.
 */
function routerProductionBuild(): string {
  const development = fileURLToPath(import.meta.resolve('react-router'));
  const production = development.replace(
    /([/\\])development\1index\.m?js$/,
    '$1production$1index.mjs',
  );
  if (production === development) throw new Error(`React Router's build not found: ${development}`);
  return production;
}

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    loginPage({ entry: '/src/login.tsx' }),
    inlineIcon(),
    firstLoadChunks({ app: { page: 'index', chunk: 'app' }, pages: { login: 'login-shell' } }),
    // The faces of the first screen of /login (title, text, labels and buttons).
    preloadFonts([
      'cormorant-garamond-latin-500-normal.woff2',
      'inter-latin-400-normal.woff2',
      'inter-latin-500-normal.woff2',
    ]),
    routePreloads({ router: 'src/app/router.tsx', paths: 'src/app/paths.ts' }),
    precompress(),
  ],
  resolve: {
    // `@/` points at `src/`, as declared in tsconfig.json.
    tsconfigPaths: true,
    alias:
      command === 'build' ? [{ find: /^react-router$/, replacement: routerProductionBuild() }] : [],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/sanctum': apiTarget,
      '/uploads': apiTarget,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
}));
