import { configDefaults, defineConfig } from 'vitest/config';

// TEST_DATABASE_URL is read here only to decide whether the PostgreSQL project exists.
// eslint-disable-next-line no-restricted-properties
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

// Tests of the embedded database itself (how PGlite reaches the disk) have nothing to test on a server.
const PGLITE_ONLY = ['test/durable-pglite.test.ts'];

const serverProject = (name: string, kind: 'pglite' | 'postgres') => ({
  test: {
    name,
    root: './apps/server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(kind === 'postgres' ? PGLITE_ONLY : [])],
    globalSetup: ['./test/global-setup.ts'],
    env: { TEST_DB_KIND: kind },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite is single-threaded WASM; two forks keep both cores busy without thrashing.
    maxWorkers: 2,
  },
});

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'core', root: './packages/core', include: ['src/**/*.test.ts'] } },
      { test: { name: 'repo', root: '.', include: ['scripts/**/*.test.ts'], testTimeout: 60_000 } },
      {
        resolve: { alias: { '@': new URL('./apps/web/src', import.meta.url).pathname } },
        test: { name: 'web', root: './apps/web', include: ['src/**/*.test.{ts,tsx}'] },
      },
      serverProject('server', 'pglite'),
      ...(withPostgres ? [serverProject('server-postgres', 'postgres')] : []),
    ],
  },
});
