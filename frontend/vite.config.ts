import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The contracts lib builds to CommonJS; the frontend bundles its TypeScript source instead.
const contractsSource = decodeURIComponent(new URL('../libs/contracts/src/index.ts', import.meta.url).pathname);

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@coffee-guide/contracts': contractsSource,
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': 'http://localhost:3000',
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    manifest: true,
    rolldownOptions: {
      // the contracts are schema declarations only: a module none of whose exports is used can go
      treeshake: { moduleSideEffects: (id: string) => (id.includes('/libs/contracts/') ? false : undefined) },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    css: false,
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
