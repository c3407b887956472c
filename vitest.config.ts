import { configDefaults, defineConfig } from 'vitest/config';

// TEST_DATABASE_URL is read here only to decide whether the PostgreSQL project exists.
// eslint-disable-next-line no-restricted-properties
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

// Tests of the embedded database itself (how PGlite reaches the disk) have nothing to test on a server.
const PGLITE_ONLY = ['test/durable-pglite.test.ts'];

const serverTest = {
  root: './apps/server',
  globalSetup: ['./test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // PGlite is single-threaded WASM; two forks keep both cores busy without thrashing.
  maxWorkers: 2,
};

// The API tests share each worker's modules from file to file (isolate: false): importing the whole
// server again for every file cost more than any test in it (at load 13: 33 s of imports for 91 files
// against about 25 s a file before). Each file still starts its own server on its own database; what
// a file may not share (mocked modules, module-level clocks) runs isolated in `server-units`.
const serverProject = (name: string, kind: 'pglite' | 'postgres') => ({
  test: {
    ...serverTest,
    name,
    include: ['test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...PGLITE_ONLY],
    env: { TEST_DB_KIND: kind },
    isolate: false,
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
      // The server's own unit tests (src/) and the embedded database's disk tests, which mock node:fs.
      { test: { ...serverTest, name: 'server-units', include: ['src/**/*.test.ts', ...PGLITE_ONLY], env: { TEST_DB_KIND: 'pglite' } } },
      ...(withPostgres ? [serverProject('server-postgres', 'postgres')] : []),
    ],
  },
});
