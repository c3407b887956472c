// Does a COMMIT on the embedded database reach the disk? Counts fsync/fdatasync system calls per
// commit with `strace -f -c -e trace=fsync,fdatasync` (Debian: apt-get install strace), for
// PGlite as it ships (the "before": fsync off, no host syncs) and for the server's own
// openDatabase with PGLITE_FSYNC off and on (the default; decision 017). Each way: a fresh data folder is created outside strace, then one
// process opens it, makes N single-row INSERT commits and closes, under strace; the same with 0
// commits is subtracted, so the open and the shutdown checkpoint are not counted per commit.
// Then the same per sale: the real app in one process, sales through POST /api/checkout.
// With --concurrency 8, eight callers commit at once: commits made while a flush is under way share
// the next one (group commit), so there are fewer flushes than commits.
//   node bench/durability/run.mjs [--commits 200] [--sales 100] [--concurrency 1]
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleServerModules, root, serverBundlePath } from '../lib/server.mjs';

const bundle = serverBundlePath('durability');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : fallback;
};

const CONCURRENCY = Number(option('concurrency', process.env.BENCH_CONCURRENCY ?? 1));

/** The server's openDatabase and app, bundled once outside strace; the children import the file. */
function buildBundle() {
  return bundleServerModules('durability', [
    "export { openDatabase } from './apps/server/src/db/client.ts';",
    "export { createApp } from './apps/server/src/app.ts';",
    "export { createServices } from './apps/server/src/services.ts';",
    "export { parseConfig } from './apps/server/src/env.ts';",
    "export { serve } from '@hono/node-server';",
  ]);
}

/**
 * In the child, `sales` mode: the real app in this process on `dir`, one shop, and `count`
 * sales through POST /api/checkout one after another (each run signs up its own shop, so a run
 * with 0 sales costs the same set-up).
 */
async function sales(way, dir, count) {
  const server = await import(pathToFileURL(bundle).href);
  const database = await server.openDatabase({ pgliteDir: dir, pgliteFsync: way !== 'till-off' });
  await database.migrate();
  const config = server.parseConfig({ NODE_ENV: 'production', LOG_LEVEL: 'error', DATA_DIR: path.dirname(dir), BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-00' });
  const services = await server.createServices(config, { database });
  const http = server.serve({ fetch: server.createApp(services).fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => http.once('listening', resolve));
  const base = `http://127.0.0.1:${http.address().port}`;
  let cookie = '';
  const request = async (method, pathname, body) => {
    const res = await fetch(base + pathname, { method, headers: { 'content-type': 'application/json', cookie }, body: body && JSON.stringify(body) });
    const set = res.headers.getSetCookie().find((c) => c.startsWith('better-auth.session_token='));
    if (set) cookie = set.split(';')[0];
    return { status: res.status, body: await res.json() };
  };
  const signUp = await request('POST', '/api/auth/sign-up', { email: `bench-${randomUUID()}@example.com`, password: 'correct horse battery staple', business_name: 'Bench Shop' });
  if (signUp.status !== 201) throw new Error(`sign-up: ${JSON.stringify(signUp.body)}`);
  await request('POST', '/api/business/owner', { full_name: 'Bench Owner' });
  const businessId = (await request('GET', '/api/me')).body.business.id;
  const [product] = (
    await database.pglite.query(`insert into products (business_id, name, price, track_stock, stock_quantity) values ($1, 'Coffee', 250, true, 1000000) returning id`, [businessId])
  ).rows;
  const lines = [{ product_id: product.id, quantity: 2 }];
  const probe = await request('POST', '/api/checkout', { idempotency_key: randomUUID(), lines, payments: [{ method: 'card', amount: 0 }], expected_total: 0 });
  const total = probe.body.error.server_total;
  for (let i = 0; i < count; i += 1) {
    const sale = await request('POST', '/api/checkout', { idempotency_key: randomUUID(), lines, payments: [{ method: 'card', amount: total }], expected_total: total });
    if (sale.status !== 201) throw new Error(`checkout: ${JSON.stringify(sale.body)}`);
  }
  await new Promise((resolve) => http.close(resolve));
  await services.close?.();
  await database.close();
  process.exit(0);
}

/** In the child: open `dir` the given way and run `commits` INSERTs, each its own transaction. */
async function child(way, dir, commits) {
  let query, close;
  if (way === 'stock') {
    const { PGlite } = await import('@electric-sql/pglite');
    const pglite = await PGlite.create({ dataDir: dir });
    query = (text, params) => pglite.query(text, params);
    close = () => pglite.close();
  } else {
    const { openDatabase } = await import(pathToFileURL(bundle).href);
    const database = await openDatabase({ pgliteDir: dir, pgliteFsync: way === 'till' });
    query = (text, params) => database.pglite.query(text, params);
    close = () => database.close();
  }
  await query('create table if not exists sales (id bigserial primary key, note text not null)');
  // CONCURRENCY callers at once (as tills are), each waiting for its own commit before the next.
  let next = 0;
  const caller = async () => {
    while (next < commits) await query('insert into sales (note) values ($1)', [`sale ${next++}`]);
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, caller));
  await close();
}

/** Runs the child under strace; answers { fsync, fdatasync } calls of the whole process tree. */
function traced(way, dir, commits, mode = '--child') {
  const summary = path.join(dir, '..', `strace-${way}-${commits}.txt`);
  const run = spawnSync(
    'strace',
    ['-f', '-c', '-e', 'trace=fsync,fdatasync', '-o', summary, process.execPath, fileURLToPath(import.meta.url), mode, way, dir, String(commits)],
    { cwd: root, encoding: 'utf8', env: { ...process.env, BENCH_CONCURRENCY: String(CONCURRENCY) } },
  );
  if (run.error) throw new Error(`strace: ${run.error.message} (apt-get install strace)`);
  if (run.status !== 0) throw new Error(`child failed: ${run.stderr}`);
  const counts = { fsync: 0, fdatasync: 0 };
  // strace -c lines: "% time  seconds  usecs/call  calls  errors  syscall"
  for (const line of readFileSync(summary, 'utf8').split('\n')) {
    const match = /^\s*[\d.]+\s+[\d.]+\s+\d+\s+(\d+)\s+(?:\d+\s+)?(fsync|fdatasync)\s*$/.exec(line);
    if (match) counts[match[2]] = Number(match[1]);
  }
  return counts;
}

/** A fresh data folder, created (and for sales migrated) outside strace. */
function prepare(way, mode = '--child') {
  const parent = mkdtempSync(path.join(tmpdir(), 'till-durability-'));
  const dir = path.join(parent, 'pglite');
  const run = spawnSync(process.execPath, [fileURLToPath(import.meta.url), mode, way, dir, '0'], { cwd: root, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`create failed: ${run.stderr}`);
  return { parent, dir };
}

if (args[0] === '--child') {
  await child(args[1], args[2], Number(args[3]));
} else if (args[0] === '--sales') {
  await sales(args[1], args[2], Number(args[3]));
} else {
  const COMMITS = Number(option('commits', 200));
  await buildBundle();
  const ways = {
    stock: 'PGlite as shipped (before)',
    'till-off': 'openDatabase, PGLITE_FSYNC=off',
    till: 'openDatabase, PGLITE_FSYNC=on (default, decision 017)',
  };
  for (const [way, label] of Object.entries(ways)) {
    const { parent, dir } = prepare(way);
    try {
      const idle = traced(way, dir, 0);
      const started = performance.now();
      const busy = traced(way, dir, COMMITS);
      const seconds = (performance.now() - started) / 1000;
      const perCommit = (key) => ((busy[key] - idle[key]) / COMMITS).toFixed(2);
      console.log(
        `${label}: ${COMMITS} commits by ${CONCURRENCY} caller(s) → fdatasync ${busy.fdatasync}, fsync ${busy.fsync} (open and close alone: fdatasync ${idle.fdatasync}, fsync ${idle.fsync}); ` +
          `per commit: fdatasync ${perCommit('fdatasync')}, fsync ${perCommit('fsync')}  [${seconds.toFixed(1)} s under strace]`,
      );
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  }
  // The same for whole sales: the real app in one process, POST /api/checkout one after another.
  const SALES = Number(option('sales', 100));
  for (const way of SALES > 0 ? ['till-off', 'till'] : []) {
    const { parent, dir } = prepare(way, '--sales');
    try {
      const idle = traced(way, dir, 0, '--sales');
      const started = performance.now();
      const busy = traced(way, dir, SALES, '--sales');
      const seconds = (performance.now() - started) / 1000;
      const perSale = (key) => ((busy[key] - idle[key]) / SALES).toFixed(2);
      console.log(
        `POST /api/checkout, ${ways[way]}: ${SALES} sales → per sale: fdatasync ${perSale('fdatasync')}, fsync ${perSale('fsync')}  [${seconds.toFixed(1)} s under strace]`,
      );
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  }
}
