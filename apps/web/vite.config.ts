import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './vite/precompress';

const apiTarget = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    // `@/` points at `src/`, as declared in tsconfig.json.
    tsconfigPaths: true,
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
});
