import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  resolve: {
    // `@/` points at `src/`, as in vite.config.ts and tsconfig.json.
    tsconfigPaths: true,
  },
  test: {
    name: 'web',
    // A `.only` left behind fails the run. Set here: a project does not inherit the root's options.
    allowOnly: false,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    unstubGlobals: true,
    restoreMocks: true,
  },
});
