// Stock per store at scale (issue 14, decision 049): 100,000 products in 10 stores and 10,000,000
// stock movements (100 per product, 10 in each store). Prints a product's stock in one store p95
// (target ≤ 10 ms), one store's stock history page p95 (target ≤ 50 ms) and posting a 5,000-line
// count of one shelf of one store (target ≤ 2 s), on the embedded database and then, with
// BENCH_DATABASE_URL (a server URL: the bench creates a database of its own there and drops it
// afterwards), on PostgreSQL.
//   node bench/stock/run.mjs [--reads 40]   BENCH_STOCK_SCALE=0.01 scales products and movements down
//   (BENCH_ONLY=postgres skips PGlite). The ledger is seeded with generate_series in SQL (the
//   per-store trigger is switched off while seeding and product_stock is summed once instead);
//   reads and stock writes (an adjustment, a waste record; target p95 ≤ 10 ms like the read) go through
//   the HTTP app, the count through the server's use-cases. Prints the statements each sends.
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { appModules, build, bundleServerModules, countStatements, loadNote, numberOption, ok, onEachDatabase, openInProcess, percentile, signUpBusiness } from '../lib/server.mjs';

const SCALE = Number(process.env.BENCH_STOCK_SCALE ?? 1);
const STORES = 10;
const PRODUCTS = Math.max(5_000, Math.round(100_000 * SCALE));
const PER_PRODUCT = Math.max(STORES, Math.round((10_000_000 * SCALE) / PRODUCTS / STORES) * STORES);
const COUNT_LINES = 5_000;
const READS = numberOption('reads', 40);

build('server');
const bundle = await bundleServerModules(
  'stock-stores',
  appModules(
    "export { startStockCount, recordStockCounts, postStockCount } from './apps/server/src/modules/stock-control/stock-counts.ts';",
    "export { resolveEnabledFeatures } from '@till/core';",
  ),
);
const server = await import(pathToFileURL(bundle).href);

async function run(databaseUrl) {
  const { database, request, sql, kind, close } = await openInProcess(server, databaseUrl);
  const { businessId, userId } = await signUpBusiness(request, {
    businessName: 'Bench Stores',
    features: { multi_store: true, inventory_management: true, inventory_adjustments: true },
  });

  const started = Date.now();
  // 9 more stores (the main store exists), written directly: the plan's store limit is not what is measured.
  await sql(`insert into stores (business_id, name, is_default, sort_order) select $1, 'Store ' || g, false, g from generate_series(2, ${STORES}) g`, [businessId]);
  const storeIds = (await sql(`select id from stores where business_id = $1 order by is_default desc, sort_order`, [businessId])).rows.map((row) => row.id);
  await sql(`insert into products (business_id, name, price, cost, track_stock, stock_quantity) select $1, 'Product ' || g, 100 + g, 50, true, 0 from generate_series(1, $2::int) g`, [businessId, PRODUCTS]);
  await sql(`alter table stock_movements disable trigger stock_movements_store, disable trigger stock_movements_store_rows`);
  // PER_PRODUCT movements per product, spread over the stores, oldest first an hour apart; per product chunks.
  const CHUNK = Math.max(1, Math.floor(1_000_000 / PER_PRODUCT));
  for (let from = 0; from < PRODUCTS; from += CHUNK) {
    await sql(
      `with p as (select id, row_number() over (order by id) - 1 as n from products where business_id = $1),
            s as (select id, row_number() over (order by is_default desc, sort_order) - 1 as n from stores where business_id = $1)
       insert into stock_movements (business_id, product_id, store_id, quantity_delta, reason, actor_user_id, created_at)
       select $1, p.id, s.id, case when g % 3 = 0 then 3 else -1 end, case when g % 3 = 0 then 'receipt' else 'sale' end, $2,
              now() - (($3::int - g) || ' hours')::interval
         from p cross join generate_series(0, $3::int - 1) g join s on s.n = g % ${STORES}
        where p.n >= $4 and p.n < $5`,
      [businessId, userId, PER_PRODUCT, from, from + CHUNK],
    );
  }
  await sql(`alter table stock_movements enable trigger stock_movements_store, enable trigger stock_movements_store_rows`);
  await sql(
    `insert into product_stock (business_id, store_id, product_id, quantity)
     select business_id, store_id, product_id, sum(quantity_delta) from stock_movements where business_id = $1 group by business_id, store_id, product_id`,
    [businessId],
  );
  await sql(`update products p set stock_quantity = s.total from (select product_id, sum(quantity) as total from product_stock where business_id = $1 group by product_id) s where p.id = s.product_id`, [businessId]);
  // 5,000 products on shelf "S1" of the second store: the count that is posted.
  await sql(
    `update product_stock set shelf = 'S1' where business_id = $1 and store_id = $2 and product_id in (select id from products where business_id = $1 order by id limit ${COUNT_LINES})`,
    [businessId, storeIds[1]],
  );
  await sql(`analyze`);
  const [{ n: movementCount }] = (await sql(`select count(*)::bigint as n from stock_movements where business_id = $1`, [businessId])).rows;
  console.log(
    `set-up: ${PRODUCTS.toLocaleString('en-US')} products in ${STORES} stores, ${Number(movementCount).toLocaleString('en-US')} movements (${PER_PRODUCT} a product), in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );

  const productIds = (await sql(`select id from products where business_id = $1 order by random() limit ${READS + 3}`, [businessId])).rows.map((row) => row.id);
  const time = async (label, target, read) => {
    const timings = [];
    for (let i = 0; i < READS + 3; i += 1) {
      const t0 = performance.now();
      ok(label, await read(i));
      if (i >= 3) timings.push(performance.now() - t0);
    }
    timings.sort((a, b) => a - b);
    console.log(`${kind}: ${label} p50 ${percentile(timings, 50).toFixed(1)} ms, p95 ${percentile(timings, 95).toFixed(1)} ms over ${READS} ${label.includes('(write)') ? 'writes' : 'reads'} (target p95 ≤ ${target} ms)`);
  };
  await time("a product's stock in one store", 10, (i) => request('GET', `/api/stores/${storeIds[i % STORES]}/stock?product_ids=${productIds[i]}`));
  await time("one store's stock history, first page of 50", 50, (i) => request('GET', `/api/products/${productIds[i]}/stock-history?limit=50&store_id=${storeIds[i % STORES]}`));

  // Stock writes through the HTTP app, each in a store: an adjustment (+100, so the waste after it never runs short) and a waste record of 1.
  const writeIds = (await sql(`select id from products where business_id = $1 order by random() limit ${READS + 3}`, [businessId])).rows.map((row) => row.id);
  const adjust = (i) => request('POST', '/api/stock-adjustments', { idempotency_key: randomUUID(), product_id: writeIds[i], quantity_delta: 100, reason: 'correction', store_id: storeIds[i % STORES] });
  const waste = (i) => request('POST', '/api/waste', { idempotency_key: randomUUID(), product_id: writeIds[i], quantity: 1, reason: 'damaged', store_id: storeIds[i % STORES] });
  await time('a stock adjustment in one store (write)', 10, adjust);
  await time('a waste record in one store (write)', 10, waste);
  // The fewest of 3 calls: a background job's statements may fall in the same window.
  const perRequest = async (label, call) => {
    const counts = [];
    for (let i = 0; i < 3; i += 1) counts.push((await countStatements(database, call)).statements);
    return `${label} ${Math.min(...counts)}`;
  };
  const extra = (await sql(`select id from products where business_id = $1 order by id desc limit 1`, [businessId])).rows[0].id;
  console.log(
    `${kind}: statements sent per request: ${[
      await perRequest('stock read', () => request('GET', `/api/stores/${storeIds[2]}/stock?product_ids=${extra}`)),
      await perRequest('adjustment', () => request('POST', '/api/stock-adjustments', { idempotency_key: randomUUID(), product_id: extra, quantity_delta: 100, reason: 'correction', store_id: storeIds[2] })),
      await perRequest('waste', () => request('POST', '/api/waste', { idempotency_key: randomUUID(), product_id: extra, quantity: 1, reason: 'damaged', store_id: storeIds[2] })),
    ].join(', ')}`,
  );

  const tenant = { businessId, userId, actor: { kind: 'owner' }, employeeSession: null, features: server.resolveEnabledFeatures({ multi_store: true }), registerId: null };
  const t0 = performance.now();
  const counted = await server.startStockCount(database, tenant, { scope: 'shelf', shelf: 'S1', storeId: storeIds[1] });
  const startMs = performance.now() - t0;
  const lines = counted.lines.map((line) => ({ productId: line.product_id, countedQuantity: Math.max(0, line.expected_quantity - 1) }));
  const t1 = performance.now();
  await server.recordStockCounts(database, tenant, counted.id, { lines });
  const recordMs = performance.now() - t1;
  const t2 = performance.now();
  const cpu = process.cpuUsage();
  const { result: posted, statements: postStatements } = await countStatements(database, () => server.postStockCount(database, tenant, counted.id));
  const postMs = performance.now() - t2;
  const postCpu = process.cpuUsage(cpu);
  const changed = posted.lines.filter((line) => line.posted_difference !== 0).length;
  const [check] = (
    await sql(
      `select count(*)::int as wrong from product_stock ps where ps.business_id = $1 and ps.store_id = $2
          and ps.quantity <> (select coalesce(sum(quantity_delta), 0) from stock_movements m where m.business_id = ps.business_id and m.product_id = ps.product_id and m.store_id = ps.store_id)`,
      [businessId, storeIds[1]],
    )
  ).rows;
  console.log(
    `${kind}: shelf count of ${posted.lines.length.toLocaleString('en-US')} lines in one store: start ${startMs.toFixed(0)} ms, record ${recordMs.toFixed(0)} ms, post ${postMs.toFixed(0)} ms (target ≤ 2000 ms; ${postStatements} statements, this process's CPU ${((postCpu.user + postCpu.system) / 1000).toFixed(0)} ms); ${changed} differences; rows of that store where stock ≠ sum of movements: ${check.wrong}`,
  );
  console.log(`${kind}: ${loadNote()}`);
  await close();
}

await onEachDatabase(run, { ownDatabase: 'bench_stock' });
process.exit(0);
