// Stock control at scale (issue 14): a product with 1,000,000 stock movements among 5,000 tracked
// products. Prints the stock history page's p50/p95 (first page and a deep page, by cursor) and the
// time to post a 5,000-line count (one transaction: lock, movements, running sums), on the embedded
// database and then, with BENCH_DATABASE_URL, on PostgreSQL (give it a database of its own: it
// migrates it).
//   node bench/stock-control/run.mjs [--movements 1000000] [--lines 5000] [--reads 40]   (BENCH_ONLY=postgres skips PGlite)
// The ledger is written with set-based SQL; reads and the post go through the server's use-cases.
import { pathToFileURL } from 'node:url';
import { appModules, build, bundleServerModules, numberOption, onEachDatabase, openInProcess, percentile, signUpBusiness } from '../lib/server.mjs';

const MOVEMENTS = numberOption('movements', 1_000_000);
const LINES = numberOption('lines', 5_000);
const READS = numberOption('reads', 40);

build('server');
const bundle = await bundleServerModules(
  'stock-control',
  appModules(
    "export { listStockHistory } from './apps/server/src/modules/stock-control/list-stock-history.ts';",
    "export { startStockCount, recordStockCounts, postStockCount } from './apps/server/src/modules/stock-control/stock-counts.ts';",
    "export { resolveEnabledFeatures } from '@till/core';",
  ),
);
const server = await import(pathToFileURL(bundle).href);

async function run(databaseUrl) {
  const { database, request, sql, kind, close } = await openInProcess(server, databaseUrl);
  const { businessId, userId } = await signUpBusiness(request, { businessName: 'Bench Shop' });

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
  let cursor = first.next_cursor;
  for (let i = 0; i < 20; i += 1) cursor = (await server.listStockHistory(database, businessId, busyId, { limit: 50, cursor })).next_cursor;
  await time('stock history, page 21 by cursor', () => server.listStockHistory(database, businessId, busyId, { limit: 50, cursor }));

  // A full count of the 5,000 other products (the busy one too), every line counted one short of expected.
  const t0 = performance.now();
  const counted = await server.startStockCount(database, tenant, { scope: 'full' });
  const startMs = performance.now() - t0;
  const lines = counted.lines.map((line) => ({ productId: line.product_id, countedQuantity: Math.max(0, line.expected_quantity - 1) }));
  const t1 = performance.now();
  await server.recordStockCounts(database, tenant, counted.id, { lines });
  const recordMs = performance.now() - t1;
  const t2 = performance.now();
  const posted = await server.postStockCount(database, tenant, counted.id);
  const postMs = performance.now() - t2;
  const changed = posted.lines.filter((line) => line.posted_difference !== 0).length;
  const [check] = (await sql(`select count(*) as wrong from products p where business_id = $1 and stock_quantity <> (select coalesce(sum(quantity_delta), 0) from stock_movements m where m.product_id = p.id)`, [businessId])).rows;
  console.log(
    `${kind}: count of ${posted.lines.length.toLocaleString('en-US')} lines: start (snapshot) ${startMs.toFixed(0)} ms, record all counts ${recordMs.toFixed(0)} ms, post ${postMs.toFixed(0)} ms (target ≤ 2000 ms); ${changed} differences written; products where stock ≠ sum of movements: ${check.wrong}`,
  );
  await close();
}
await onEachDatabase(run);
process.exit(0);
