import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // Every `import … from 'zod'` goes through src/zod-config.ts (jitless, for the CSP), which
      // re-exports zod/v4: the config is set before any schema is built, on whichever page first
      // uses zod, and main.tsx need not load zod on every page (the till has none, decision 058).
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/zod-config.ts', import.meta.url)) },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // React and the router are on every page and change least: one long-cached chunk. Every
        // other library goes with the pages that use it (each route is loaded lazily, router.tsx),
        // so the till never downloads the charts, markdown or PDF code of other pages.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 3 },
            // zod with src/zod-config.ts (jitless, for the CSP) in one chunk, loaded by the pages
            // that use zod (never the till, decision 058).
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|src[\\/]zod-config\.ts$/, priority: 4 },
          ],
        },
      },
    },
  },
  server: {
    // The API runs as a separate process in development; in production one origin serves both.
    proxy: {
      '/api': { target: 'http://localhost:3000' },
      '/realtime': { target: 'ws://localhost:3000', ws: true },
    },
  },
});
