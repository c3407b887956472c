// The dashboard and the four analytics tabs (issue 15) on a year of sales: p50/p95 per report,
// called in process (the use-cases on the database, no HTTP), for a 30-day and a 365-day period.
// Loads BENCH_LINES order lines (default 300000; the target is 1M: BENCH_LINES=1000000)
// in bulk SQL: 3 lines an order over 365 days, a third of orders with a customer, 2 % refunded.
// The data goes in through the rollup triggers (decision 043: set-based, one upsert per statement),
// and the reports read the daily rollups; the targets are p95 <= 500 ms on PGlite and
// <= 200 ms on PostgreSQL at 1M lines. Then the checkout: BENCH_SALES sales (3 lines, card) through
// the placeOrder use-case, in alternating rounds with the rollup triggers enabled and disabled,
// p50/p95 of each (the rollup write's cost on a sale).
//
//   node bench/insight/run.mjs                                     # PGlite
//   BENCH_DATABASE_URL=postgres://.../till_bench node bench/insight/run.mjs   # PGlite, then PostgreSQL
//   BENCH_SKIP_PGLITE=1 BENCH_DATABASE_URL=... node bench/insight/run.mjs          # PostgreSQL only
//   (a database of its own: the bench migrates it, and deleting its business at the end takes a while;
//   BENCH_KEEP=1 keeps it and prints its id)
//   BENCH_BUSINESS=<id> reuses a kept PostgreSQL business instead of loading one (migrations still run);
//   BENCH_PGLITE_DIR=<dir> keeps PGlite's data in <dir> and reuses the business already there;
//   BENCH_SALES=0 skips the checkout rounds (which add sales to a kept business).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleServerModules, percentile } from '../lib/server.mjs';

const LINES = Number(process.env.BENCH_LINES ?? 300_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 10);
const SALES = Number(process.env.BENCH_SALES ?? 200);
const ROLLUP_TRIGGERS = ['orders', 'order_lines', 'refunds', 'refund_lines', 'payments'].flatMap((table) =>
  ['insert', 'update', 'delete'].map((op) => [table, `insight_${table}_${op}`]),
);
const ORDERS = Math.ceil(LINES / 3);
const PRODUCTS = 2_000;
const CUSTOMERS = 5_000;

async function loadServer() {
  const outfile = await bundleServerModules('insight', [
    "export { openDatabase } from './apps/server/src/db/client.ts';",
    "export { getDashboard } from './apps/server/src/modules/insight/get-dashboard.ts';",
    "export { getSalesReport } from './apps/server/src/modules/insight/get-sales-report.ts';",
    "export { getInventoryReport } from './apps/server/src/modules/insight/get-inventory-report.ts';",
    "export { getProfitabilityReport } from './apps/server/src/modules/insight/get-profitability-report.ts';",
    "export { getCustomersReport } from './apps/server/src/modules/insight/get-customers-report.ts';",
    "export { placeOrder } from './apps/server/src/modules/orders/place-order.ts';",
    "export { sql } from 'drizzle-orm';",
  ]);
  return import(pathToFileURL(outfile).href);
}

async function load(server, database) {
  const started = performance.now();
  const userId = randomUUID();
  const businessId = randomUUID();
  const run = (text) => database.db.execute(server.sql.raw(text));
  await run(`insert into "user" (id, name, email) values ('${userId}', 'Bench Owner', 'bench-${userId}@example.com')`);
  await run(`insert into businesses (id, owner_user_id, name, currency, time_zone) values ('${businessId}', '${userId}', 'Bench Mart', 'USD', 'Europe/Berlin')`);
  await run(`insert into categories (business_id, name, sort_order) select '${businessId}', 'Category ' || g, g from generate_series(1, 20) g`);
  await run(`
    insert into products (business_id, name, price, cost, category_id, track_stock, stock_quantity)
    select '${businessId}', 'Product ' || g, 100 + (g * 37) % 9900, 50 + (g * 11) % 4000,
           (select id from categories c where c.business_id = '${businessId}' and c.sort_order = 1 + g % 20), g % 2 = 0, (g * 3) % 200
      from generate_series(1, ${PRODUCTS}) g`);
  await run(`insert into customers (business_id, name) select '${businessId}', 'Customer ' || g from generate_series(1, ${CUSTOMERS}) g`);
  // Numbered copies (plain tables: a pool's next query may be on another connection than a temporary table's).
  const tag = businessId.replace(/-/g, '').slice(0, 12);
  await run(`create unlogged table bench_products_${tag} as select row_number() over (order by id) as n, id, price from products where business_id = '${businessId}'`);
  await run(`create unlogged table bench_customers_${tag} as select row_number() over (order by id) as n, id from customers where business_id = '${businessId}'`);
  await run(`create unique index on bench_products_${tag} (n)`);
  await run(`create unique index on bench_customers_${tag} (n)`);
  // Orders spread evenly over the last 365 days.
  for (let from = 1; from <= ORDERS; from += 50_000) {
    const to = Math.min(ORDERS, from + 49_999);
    await run(`
      insert into orders (id, business_id, number, status, customer_id, currency, prices_include_tax, subtotal, discount_total, tax_total, total, paid_total, created_at, paid_at)
      select gen_random_uuid(), '${businessId}', g, 'paid',
             case when g % 3 = 0 then (select id from bench_customers_${tag} where n = 1 + g % ${CUSTOMERS}) end,
             'USD', false, 0, 0, 0, 0, 0, ts.t, ts.t
        from generate_series(${from}, ${to}) g,
             lateral (select now() - ((g::float8 / ${ORDERS}) * 365 * interval '1 day') as t) ts`);
    await run(`
      insert into order_lines (business_id, order_id, position, product_id, name, unit_price, quantity, tax_rate_basis_points, gross, line_discount_amount, order_discount_share, net, tax, total)
      select o.business_id, o.id, l, p.id, 'Product', p.price, q, 2000, p.price * q, 0, 0, p.price * q, round(p.price * q * 0.2), p.price * q + round(p.price * q * 0.2)
        from orders o, generate_series(0, 2) l,
             lateral (select 1 + (o.number + l) % 3 as q) qq,
             lateral (select id, price from bench_products_${tag} where n = 1 + (o.number * 7 + l * 13) % ${PRODUCTS}) p
       where o.business_id = '${businessId}' and o.number between ${from} and ${to}`);
  }
  await run(`
    update orders o set subtotal = s.gross, tax_total = s.tax, total = s.total, paid_total = s.total
      from (select order_id, sum(gross) gross, sum(tax) tax, sum(total) total from order_lines where business_id = '${businessId}' group by order_id) s
     where o.id = s.order_id`);
  await run(`insert into payments (business_id, order_id, method, amount, created_at) select business_id, id, case when number % 2 = 0 then 'card' else 'cash' end, total, paid_at from orders where business_id = '${businessId}'`);
  // 2 % of orders: one unit of their first line back, a day later.
  await run(`
    insert into refunds (id, business_id, order_id, reason, net, tax, total, created_at)
    select gen_random_uuid(), o.business_id, o.id, 'Bench', l.unit_price, round(l.unit_price * 0.2), l.unit_price + round(l.unit_price * 0.2), o.paid_at + interval '1 day'
      from orders o join order_lines l on l.order_id = o.id and l.position = 0
     where o.business_id = '${businessId}' and o.number % 50 = 0`);
  await run(`
    insert into refund_lines (refund_id, order_line_id, business_id, quantity, net, tax, total, restock)
    select r.id, l.id, r.business_id, 1, r.net, r.tax, r.total, false
      from refunds r join order_lines l on l.order_id = r.order_id and l.position = 0 where r.business_id = '${businessId}'`);
  await run(`insert into order_counters (business_id, last_number) values ('${businessId}', ${ORDERS})`);
  await run(`drop table bench_products_${tag}`);
  await run(`drop table bench_customers_${tag}`);
  await run('analyze');
  return { businessId, seconds: (performance.now() - started) / 1000 };
}

/** Sales through the use-case, alternating rounds with the rollup triggers on and off. */
async function checkout(server, database, businessId) {
  const run = (text) => database.db.execute(server.sql.raw(text));
  const products = (await run(`select id, price from products where business_id = '${businessId}' and not track_stock order by name limit 50`)).rows;
  const tenant = { businessId, userId: randomUUID(), actor: { kind: 'owner' }, employeeSession: null, registerId: null, features: { pos_system: true } };
  const sale = async (n) => {
    const lines = [0, 1, 2].map((i) => products[(n * 3 + i) % products.length]);
    const total = lines.reduce((sum, line) => sum + Number(line.price), 0);
    const started = performance.now();
    await server.placeOrder(database, tenant, {
      idempotencyKey: randomUUID(),
      lines: lines.map((line) => ({ productId: line.id, quantity: 1 })),
      payments: [{ method: 'card', amount: total }],
      expectedTotal: total,
    });
    return performance.now() - started;
  };
  const switchTriggers = (on) => Promise.all(ROLLUP_TRIGGERS.map(([table, name]) => run(`alter table ${table} ${on ? 'enable' : 'disable'} trigger ${name}`)));
  const times = { with: [], without: [] };
  for (let n = 0; n < 10; n += 1) await sale(n); // warm
  const round = Math.max(1, Math.floor(SALES / 10));
  for (let r = 0; r < 10; r += 1) {
    const on = r % 2 === 0;
    await switchTriggers(on);
    for (let n = 0; n < round; n += 1) times[on ? 'with' : 'without'].push(await sale(r * round + n));
  }
  await switchTriggers(true);
  for (const [label, list] of Object.entries(times)) {
    list.sort((a, b) => a - b);
    console.log(`  checkout ${label.padEnd(7)} rollups  p50 ${percentile(list, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(list, 95).toFixed(1).padStart(6)} ms   (${list.length} sales)`);
  }
}

function dayOffset(days) {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

async function time(fn) {
  await fn(); // warm
  const times = [];
  for (let i = 0; i < SAMPLES; i += 1) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function runOn(server, kind, openOptions, targetMs) {
  const keptDir = kind !== 'PostgreSQL' && process.env.BENCH_PGLITE_DIR;
  const dataDir = keptDir || mkdtempSync(path.join(tmpdir(), 'till-bench-insight-'));
  const database = await server.openDatabase(openOptions(dataDir));
  const migrateStarted = performance.now();
  await database.migrate();
  console.log(`\n${kind}: migrated in ${((performance.now() - migrateStarted) / 1000).toFixed(1)} s`);
  let businessId;
  try {
    const reuse =
      kind === 'PostgreSQL'
        ? process.env.BENCH_BUSINESS
        : keptDir && (await database.db.execute(server.sql.raw("select id from businesses where name = 'Bench Mart' limit 1"))).rows[0]?.id;
    if (reuse) {
      businessId = reuse;
      console.log(`${kind}: reusing business ${businessId}`);
    } else {
      const loaded = await load(server, database);
      businessId = loaded.businessId;
      console.log(`${kind}: ${ORDERS} orders, ${ORDERS * 3} lines over 365 days, loaded in ${loaded.seconds.toFixed(1)} s`);
    }
    const tenant = { businessId, userId: randomUUID(), actor: { kind: 'owner' }, employeeSession: null, registerId: null, features: { reporting_analytics: true, inventory_management: true } };
    const rows = [['dashboard', () => server.getDashboard(database, tenant, new Date())]];
    for (const days of [30, 365]) {
      const query = { from: dayOffset(days - 1), to: dayOffset(0), compare: 'previous' };
      rows.push([`sales ${days} d`, () => server.getSalesReport(database, businessId, query)]);
      rows.push([`inventory ${days} d`, () => server.getInventoryReport(database, businessId, { ...query, compare: 'none', deadStockDays: 60 })]);
      rows.push([`profitability ${days} d`, () => server.getProfitabilityReport(database, businessId, query)]);
      rows.push([`customers ${days} d`, () => server.getCustomersReport(database, businessId, query)]);
    }
    console.log(`  load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}`);
    for (const [name, fn] of rows) {
      const { p50, p95 } = await time(fn);
      console.log(`  ${name.padEnd(20)} p50 ${p50.toFixed(0).padStart(6)} ms   p95 ${p95.toFixed(0).padStart(6)} ms   ${p95 <= targetMs ? 'within' : 'over'} the ${targetMs} ms target`);
    }
    console.log(`  load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}`);
    if (SALES > 0) await checkout(server, database, businessId);
    console.log(`  load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}`);
  } finally {
    // BENCH_KEEP=1 keeps the PostgreSQL business to study its plans (the id is printed).
    if (kind === 'PostgreSQL' && businessId && (process.env.BENCH_KEEP || process.env.BENCH_BUSINESS)) console.log(`  kept business ${businessId}`);
    else if (kind === 'PostgreSQL' && businessId) {
      await database.db.execute(server.sql.raw(`delete from businesses where id = '${businessId}'`)).catch(() => undefined);
    }
    await database.close();
    if (!keptDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

const server = await loadServer();
if (!process.env.BENCH_SKIP_PGLITE) await runOn(server, 'PGlite (embedded)', (dataDir) => ({ pgliteDir: path.join(dataDir, 'pglite') }), 500);
if (process.env.BENCH_DATABASE_URL) await runOn(server, 'PostgreSQL', () => ({ databaseUrl: process.env.BENCH_DATABASE_URL }), 200);
process.exit(0);
