// Closing the day at scale (issue 12): a business with 1,000,000 order lines of history and an
// open drawer session of 5,000 sales (with refunds, pay-outs and a void). Prints the X report's
// p50/p95 over repeated reads and the time of the Z close (figures summed under the session's
// lock, numbered, frozen), on the embedded database and then, with BENCH_DATABASE_URL, on
// PostgreSQL (give it a database of its own: it migrates it).
//   node bench/z-report/run.mjs [--lines 1000000] [--session 5000] [--reads 40]   (BENCH_ONLY=postgres skips PGlite)
// The history is written with set-based SQL (the checkout is benchmarked in bench/checkout);
// reads and the close go through the server's own use-cases, in process.
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { appModules, build, bundleServerModules, numberOption, onEachDatabase, openInProcess, percentile, signUpBusiness } from '../lib/server.mjs';

const LINES = numberOption('lines', 1_000_000);
const SESSION_SALES = numberOption('session', 5_000);
const READS = numberOption('reads', 40);
const LINES_PER_ORDER = 4;

build('server');
const bundle = await bundleServerModules(
  'z-report',
  appModules(
    "export { getCashReport } from './apps/server/src/modules/cash-sessions/get-cash-report.ts';",
    "export { closeCashSession } from './apps/server/src/modules/cash-sessions/close-cash-session.ts';",
    "export { resolveEnabledFeatures } from '@till/core';",
  ),
);
const server = await import(pathToFileURL(bundle).href);

async function run(databaseUrl) {
  const { database, services, request, sql, kind, close } = await openInProcess(server, databaseUrl);
  const { businessId, userId } = await signUpBusiness(request, { businessName: 'Bench Shop' });

  const started = Date.now();
  const [{ id: storeId }] = (await sql(`select id from stores where business_id = $1 and is_default`, [businessId])).rows;
  const [{ id: registerId }] = (await sql(`insert into registers (business_id, store_id, name) values ($1, $2, 'Bench till') returning id`, [businessId, storeId])).rows;
  const [{ id: categoryId }] = (await sql(`insert into categories (business_id, name) values ($1, 'Bakery') returning id`, [businessId])).rows;
  await sql(
    `insert into products (business_id, name, price, category_id) select $1, 'Product ' || g, 100 + g, case when g % 2 = 0 then $2::uuid end from generate_series(1, 200) g`,
    [businessId, categoryId],
  );
  const orderCount = Math.ceil(LINES / LINES_PER_ORDER);
  // History: orders of the last year, 4 lines each, one payment each; the newest SESSION_SALES are the open session's.
  const [{ id: sessionId }] = (
    await sql(
      `insert into cash_sessions (business_id, register_id, status, opening_float, opened_by_name, open_idempotency_key, opened_at)
       values ($1, $2, 'open', 20000, 'Bench Owner', gen_random_uuid(), now() - interval '10 hours') returning id`,
      [businessId, registerId],
    )
  ).rows;
  const CHUNK = 50_000;
  for (let from = 1; from <= orderCount; from += CHUNK) {
    const to = Math.min(orderCount, from + CHUNK - 1);
    const inSession = `g > ${orderCount - SESSION_SALES}`;
    await sql(
      `insert into orders (id, business_id, number, status, employee_id, actor_user_id, store_id, register_id, cash_session_id, currency, prices_include_tax,
                           subtotal, discount_total, tax_total, total, paid_total, created_at, paid_at)
       select gen_random_uuid(), $1, g, 'paid', null, $2, $3, $4, case when ${inSession} then $5::uuid end, 'USD', false,
              1000, case when g % 10 = 0 then 100 else 0 end, 100, case when g % 10 = 0 then 1000 else 1100 end, case when g % 10 = 0 then 1000 else 1100 end,
              now() - ((${orderCount} - g) * interval '30 seconds'), now() - ((${orderCount} - g) * interval '30 seconds')
         from generate_series(${from}, ${to}) g`,
      [businessId, userId, storeId, registerId, sessionId],
    );
  }
  await sql(`update order_counters set last_number = $2 where business_id = $1`, [businessId, orderCount]);
  await sql(`insert into order_counters (business_id, last_number) values ($1, $2) on conflict (business_id) do nothing`, [businessId, orderCount]);
  const products = (await sql(`select id, name from products where business_id = $1 order by name`, [businessId])).rows;
  await sql(`create temporary table bench_products as select row_number() over (order by name) - 1 as n, id, name from products where business_id = '${businessId}'`);
  for (let from = 1; from <= orderCount; from += CHUNK) {
    const to = Math.min(orderCount, from + CHUNK - 1);
    await sql(
      `insert into order_lines (business_id, order_id, position, product_id, name, unit_price, quantity, tax_rate_basis_points, gross, line_discount_amount, order_discount_share, net, tax, total, cash_session_id)
       select o.business_id, o.id, p.position, bp.id, bp.name, 250, 1, case when p.position % 2 = 0 then 1000 else 0 end, 250, 0, 0, 250,
              case when p.position % 2 = 0 then 25 else 0 end, 250 + case when p.position % 2 = 0 then 25 else 0 end, o.cash_session_id
         from orders o cross join generate_series(0, ${LINES_PER_ORDER - 1}) p(position)
         join bench_products bp on bp.n = (o.number + p.position) % ${products.length}
        where o.business_id = $1 and o.number between ${from} and ${to}`,
      [businessId],
    );
    await sql(
      `insert into payments (business_id, order_id, method, amount, tendered, change, created_at, cash_session_id)
       select business_id, id, case when number % 3 = 0 then 'card' else 'cash' end, total, case when number % 3 = 0 then null else total end,
              case when number % 3 = 0 then null else 0 end, paid_at, cash_session_id
         from orders where business_id = $1 and number between ${from} and ${to}`,
      [businessId],
    );
  }
  // In the session: 100 refunds, 20 pay-outs, a voided parked sale.
  await sql(
    `insert into refunds (business_id, order_id, reason, net, tax, total, actor_user_id, cash_session_id)
     select business_id, id, 'bench', 1000, 100, 1100, $2, cash_session_id from orders
      where business_id = $1 and cash_session_id is not null and number % 50 = 1 limit 100`,
    [businessId, userId],
  );
  await sql(
    `insert into payments (business_id, order_id, method, amount, refund_id, cash_session_id)
     select r.business_id, r.order_id, 'cash', -r.total, r.id, r.cash_session_id from refunds r where r.business_id = $1`,
    [businessId],
  );
  await sql(
    `insert into cash_movements (business_id, session_id, kind, amount, reason, employee_name, idempotency_key, request_hash)
     select $1, $2, 'pay_out', 100, 'Milk', 'Bench Owner', gen_random_uuid(), 'bench' from generate_series(1, 20)`,
    [businessId, sessionId],
  );
  await sql(`analyze`);
  const counts = (await sql(`select (select count(*) from order_lines where business_id = $1) as lines, (select count(*) from orders where cash_session_id = $2) as session`, [businessId, sessionId])).rows[0];
  console.log(`set-up: ${Number(counts.lines).toLocaleString('en-US')} order lines, ${counts.session} sales in the open session, in ${((Date.now() - started) / 1000).toFixed(0)} s`);

  const tenant = {
    businessId,
    userId,
    actor: { kind: 'owner' },
    employeeSession: null,
    features: server.resolveEnabledFeatures({ cash_management: true }),
    registerId: null,
  };
  const timings = [];
  let report;
  for (let i = 0; i < READS + 3; i += 1) {
    const t0 = performance.now();
    report = await server.getCashReport(database, tenant, sessionId);
    if (i >= 3) timings.push(performance.now() - t0);
  }
  timings.sort((a, b) => a - b);
  console.log(`${kind}: X report p50 ${percentile(timings, 50).toFixed(1)} ms, p95 ${percentile(timings, 95).toFixed(1)} ms over ${READS} reads (target p95 ≤ 100 ms); ${report.sales.transactions} sales, net ${report.sales.netSales}`);
  const t0 = performance.now();
  const closed = await server.closeCashSession(services, tenant, sessionId, { idempotencyKey: randomUUID(), countedCash: report.cash.expected });
  const closeMs = performance.now() - t0;
  console.log(`${kind}: Z close ${closeMs.toFixed(0)} ms (target ≤ 1000 ms): Z ${closed.report.number}, ${closed.report.sales.transactions} sales, expected cash ${closed.report.cash.expected}, balanced ${closed.report.cash.difference === 0}`);
  const t1 = performance.now();
  await server.getCashReport(database, tenant, sessionId);
  console.log(`${kind}: reading the frozen Z ${(performance.now() - t1).toFixed(1)} ms`);
  await close();
}

await onEachDatabase(run);
process.exit(0);
