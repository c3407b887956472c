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
        // Libraries change less often than the app: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 3 },
            { name: 'forms', test: /node_modules[\\/](zod|react-hook-form|@hookform|@tanstack)[\\/]/, priority: 2 },
            // Not recharts and what only it uses: those go with the lazily loaded charts (dashboard,
            // analytics), never to the till.
            { name: 'vendor', test: /node_modules[\\/](?!(recharts|@reduxjs|react-redux|reselect|immer|decimal\.js-light|es-toolkit|eventemitter3|tiny-invariant|victory-vendor|d3-[a-z-]+|internmap)[\\/])/, priority: 1 },
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
