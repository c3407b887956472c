import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
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
            // zod with src/zod-config.ts (jitless, for the CSP) in one chunk that main.tsx loads
            // first: the config is set before any other chunk builds a schema.
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
