// Stock control at scale (issue 14): a product with 1,000,000 stock movements among 5,000 tracked
// products. Prints the stock history page's p50/p95 (first page and a deep page, by cursor) and the
// time to post a 5,000-line count (one transaction: lock, movements, running sums), on the embedded
// database and then, with BENCH_DATABASE_URL, on PostgreSQL (give it a database of its own: it
// migrates it).
//   node bench/stock-control/run.mjs [--movements 1000000] [--lines 5000] [--reads 40]   (BENCH_ONLY=postgres skips PGlite)
// The ledger is written with set-based SQL; reads and the post go through the server's use-cases.
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { build, bundleServerModules, percentile } from '../lib/server.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};
const MOVEMENTS = option('movements', 1_000_000);
const LINES = option('lines', 5_000);
const READS = option('reads', 40);

build('server');
const bundle = await bundleServerModules('stock-control', [
  "export { openDatabase } from './apps/server/src/db/client.ts';",
  "export { createApp } from './apps/server/src/app.ts';",
  "export { createServices } from './apps/server/src/services.ts';",
  "export { parseConfig } from './apps/server/src/env.ts';",
  "export { listStockHistory } from './apps/server/src/modules/stock-control/list-stock-history.ts';",
  "export { startStockCount, recordStockCounts, postStockCount } from './apps/server/src/modules/stock-control/stock-counts.ts';",
  "export { resolveEnabledFeatures } from '@till/core';",
]);
const server = await import(pathToFileURL(bundle).href);

async function run(databaseUrl) {
  const database = await server.openDatabase(databaseUrl ? { databaseUrl, poolSize: 4 } : { pgliteFsync: false });
  await database.migrate();
  const config = server.parseConfig({ NODE_ENV: 'production', LOG_LEVEL: 'error', DATA_DIR: '/tmp', BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-00' });
  const services = await server.createServices(config, { database });
  const app = server.createApp(services);
  let cookie = '';
  const request = async (method, pathname, body) => {
    const res = await app.request(pathname, { method, headers: { 'content-type': 'application/json', cookie }, body: body && JSON.stringify(body) });
    const set = res.headers.getSetCookie().find((c) => c.startsWith('better-auth.session_token='));
    if (set) cookie = set.split(';')[0];
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  const signUp = await request('POST', '/api/auth/sign-up', { email: `bench-${randomUUID()}@example.com`, password: 'correct horse battery staple', businessName: 'Bench Shop' });
  if (signUp.status >= 300) throw new Error(`sign-up: ${JSON.stringify(signUp.body)}`);
  const owner = await request('POST', '/api/business/owner', { fullName: 'Bench Owner', pin: '135790' });
  if (owner.status >= 300) throw new Error(`owner: ${JSON.stringify(owner.body)}`);
  const me = (await request('GET', '/api/me')).body;
  const businessId = me.business.id;
  const userId = me.user.id;

  const sql = async (text, params = []) => (database.pglite ?? database.db.$client).query(text, params);
  const started = Date.now();
  // 5,000 tracked products with 10 opening units each; one of them ("Busy") carries the long ledger.
  await sql(
    `insert into products (business_id, name, price, cost, track_stock, stock_quantity) select $1, 'Product ' || g, 100 + g, 50, true, 10 from generate_series(1, $2::int) g`,
    [businessId, LINES],
  );
  await sql(
    `insert into stock_movements (business_id, product_id, quantity_delta, reason, created_at)
     select business_id, id, 10, 'initial', now() - interval '400 days' from products where business_id = $1`,
    [businessId],
  );
  const [{ id: busyId }] = (await sql(`insert into products (business_id, name, price, track_stock, stock_quantity) values ($1, 'Busy', 100, true, 0) returning id`, [businessId])).rows;
  const CHUNK = 100_000;
  for (let from = 1; from <= MOVEMENTS; from += CHUNK) {
    const to = Math.min(MOVEMENTS, from + CHUNK - 1);
    // Receipts of 3 and sales of 1, oldest first, a minute apart.
    await sql(
      `insert into stock_movements (business_id, product_id, quantity_delta, reason, actor_user_id, created_at)
       select $1, $2, case when g % 3 = 0 then 3 else -1 end, case when g % 3 = 0 then 'receipt' else 'sale' end, $3,
              now() - (($4::int - g) || ' minutes')::interval
         from generate_series(${from}, ${to}) g`,
      [businessId, busyId, userId, MOVEMENTS],
    );
  }
  await sql(`update products set stock_quantity = (select sum(quantity_delta) from stock_movements where product_id = $1) where id = $1`, [busyId]);
  await sql(`analyze`);
  const count = (await sql(`select count(*) as n from stock_movements where product_id = $1`, [busyId])).rows[0].n;
  console.log(`set-up: ${Number(count).toLocaleString('en-US')} movements of one product, ${LINES.toLocaleString('en-US')} tracked products, in ${((Date.now() - started) / 1000).toFixed(0)} s`);

  const tenant = { businessId, userId, actor: { kind: 'owner' }, employeeSession: null, features: server.resolveEnabledFeatures({}), registerId: null };
  const kind = databaseUrl ? 'PostgreSQL' : 'PGlite';
  const time = async (label, read) => {
    const timings = [];
    for (let i = 0; i < READS + 3; i += 1) {
      const t0 = performance.now();
      await read();
      if (i >= 3) timings.push(performance.now() - t0);
    }
    timings.sort((a, b) => a - b);
    console.log(`${kind}: ${label} p50 ${percentile(timings, 50).toFixed(1)} ms, p95 ${percentile(timings, 95).toFixed(1)} ms over ${READS} reads (target p95 ≤ 50 ms)`);
  };
  const first = await server.listStockHistory(database, businessId, busyId, { limit: 50 });
  await time('stock history, first page of 50', () => server.listStockHistory(database, businessId, busyId, { limit: 50 }));
  // A page deep in the ledger: 20 pages on.
  let cursor = first.nextCursor;
  for (let i = 0; i < 20; i += 1) cursor = (await server.listStockHistory(database, businessId, busyId, { limit: 50, cursor })).nextCursor;
  await time('stock history, page 21 by cursor', () => server.listStockHistory(database, businessId, busyId, { limit: 50, cursor }));

  // A full count of the 5,000 other products (the busy one too), every line counted one short of expected.
  const t0 = performance.now();
  const counted = await server.startStockCount(database, tenant, { scope: 'full' });
  const startMs = performance.now() - t0;
  const lines = counted.lines.map((line) => ({ productId: line.productId, countedQuantity: Math.max(0, line.expectedQuantity - 1) }));
  const t1 = performance.now();
  await server.recordStockCounts(database, tenant, counted.id, { lines });
  const recordMs = performance.now() - t1;
  const t2 = performance.now();
  const posted = await server.postStockCount(database, tenant, counted.id);
  const postMs = performance.now() - t2;
  const changed = posted.lines.filter((line) => line.postedDifference !== 0).length;
  const [check] = (await sql(`select count(*) as wrong from products p where business_id = $1 and stock_quantity <> (select coalesce(sum(quantity_delta), 0) from stock_movements m where m.product_id = p.id)`, [businessId])).rows;
  console.log(
    `${kind}: count of ${posted.lines.length.toLocaleString('en-US')} lines: start (snapshot) ${startMs.toFixed(0)} ms, record all counts ${recordMs.toFixed(0)} ms, post ${postMs.toFixed(0)} ms (target ≤ 2000 ms); ${changed} differences written; products where stock ≠ sum of movements: ${check.wrong}`,
  );
  await database.close?.();
}
if (process.env.BENCH_ONLY !== 'postgres') await run(undefined);
if (process.env.BENCH_DATABASE_URL) await run(process.env.BENCH_DATABASE_URL);
process.exit(0);
