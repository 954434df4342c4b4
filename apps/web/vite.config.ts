import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
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
