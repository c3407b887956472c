// The AI modules on a year of history (issue 15 item 4): a shop with --products tracked products
// (each from a supplier), --days days of sales at about --orders orders a day (a weekly pattern,
// a slow trend and noise; 3 lines an order; every fourth sale to one of --customers customers) and
// a planted pair bought together. Prints the sales prediction's backtest (MAPE, MASE against the
// seasonal-naive forecast, interval coverage) and the time of each AI endpoint through the HTTP
// app, in process: the first request (trains the model) and the next ones (cached per business
// and day), then a retrain after one more sale. PGlite, then PostgreSQL with BENCH_DATABASE_URL
// (a database of its own: it migrates it).
// With --train, instead: every model is trained at once (POST /api/ai/training, in the background,
// decision 042) while a till rings up one-line sales back to back; prints the training's time and
// the sales' p50/p95/p99 before and during it (issue 15 item 5). It first trains once with nothing
// else running, and prints where each training's time went (page reads, which include waiting for
// the database, and fits in the worker, per model). --cap S stops selling after S seconds if the
// training has not finished by then (it is then reported as starved). --pace MS rings a sale up
// every MS ms instead of back to back (a till's pace: a busy till sells once a minute or so; back to
// back is hundreds a minute), for the checkout without and during the training alike. Issue 15's
// target is at --products 10000 (decisions 072 and 073 have the figures).
//   node bench/ai-modules/run.mjs [--days 365] [--orders 300] [--products 2000] [--customers 5000] [--reads 20] [--train] [--pace 0]
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { build, bundleServerModules, percentile } from '../lib/server.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};
const DAYS = option('days', 365);
const ORDERS_PER_DAY = option('orders', 300);
const PRODUCTS = option('products', 2000);
const CUSTOMERS = option('customers', 5000);
const READS = option('reads', 20);
const TRAIN = args.includes('--train');
const CAP_S = option('cap', 300);
const PACE_MS = option('pace', 0);

build('server');
const bundle = await bundleServerModules('ai-modules', [
  "export { openDatabase } from './apps/server/src/db/client.ts';",
  "export { createApp } from './apps/server/src/app.ts';",
  "export { createServices } from './apps/server/src/services.ts';",
  "export { parseConfig } from './apps/server/src/env.ts';",
  "export { trainingHooks } from './apps/server/src/modules/ai-modules/train-models.ts';",
]);
const server = await import(pathToFileURL(bundle).href);

async function run(databaseUrl) {
  const kind = databaseUrl ? 'PostgreSQL' : 'PGlite';
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
  const signUp = await request('POST', '/api/auth/sign-up', { email: `bench-${randomUUID()}@example.com`, password: 'correct horse battery staple', business_name: 'Bench Shop' });
  if (signUp.status >= 300) throw new Error(`sign-up: ${JSON.stringify(signUp.body)}`);
  const owner = await request('POST', '/api/business/owner', { full_name: 'Bench Owner', pin: '135790' });
  if (owner.status >= 300) throw new Error(`owner: ${JSON.stringify(owner.body)}`);
  const settings = await request('PATCH', '/api/business-settings', { time_zone: 'UTC', enabled_features: { purchase_orders: true, inventory_management: true, customer_management: true } });
  if (settings.status >= 300) throw new Error(`settings: ${JSON.stringify(settings.body)}`);
  const me = (await request('GET', '/api/me')).body;
  const businessId = me.business.id;
  const userId = me.user.id;

  const sql = async (text, params = []) => (database.pglite ?? database.db.$client).query(text, params);
  const started = Date.now();
  const [{ id: storeId }] = (await sql(`select id from stores where business_id = $1 and is_default`, [businessId])).rows;
  await sql(
    `insert into products (business_id, name, price, cost, track_stock, stock_quantity)
     select $1, 'Product ' || lpad(g::text, 5, '0'), 100 + (g * 37) % 2000, 50 + (g * 37) % 1000, true, (g * 13) % 300 from generate_series(1, ${PRODUCTS}) g`,
    [businessId],
  );
  const [{ id: supplierId }] = (await sql(`insert into suppliers (business_id, name, lead_time_days) values ($1, 'Wholesaler', 4) returning id`, [businessId])).rows;
  await sql(`insert into supplier_products (business_id, supplier_id, product_id, pack_size, last_cost) select business_id, $2, id, 6, cost from products where business_id = $1`, [businessId, supplierId]);
  await sql(`insert into customers (business_id, name) select $1, 'Customer ' || g from generate_series(1, ${CUSTOMERS}) g`, [businessId]);
  await sql(`create temporary table bench_products as select row_number() over (order by name) - 1 as n, id, name, price from products where business_id = '${businessId}'`);
  await sql(`create temporary table bench_customers as select row_number() over (order by id) - 1 as n, id from customers where business_id = '${businessId}'`);
  // Orders per day: weekday pattern × slow growth × ±10 % noise; paid between 08:00 and 18:00 UTC.
  await sql(
    `insert into orders (id, business_id, number, status, actor_user_id, store_id, currency, prices_include_tax, subtotal, discount_total, tax_total, total, paid_total, created_at, paid_at, customer_id)
     select gen_random_uuid(), $1, row_number() over (), 'paid', $2, $3, 'USD', false, 0, 0, 0, 0, 0, t.ts, t.ts,
            case when pick.r < 0.25 then (select id from bench_customers c where c.n = pick.cn) end
       from generate_series(1, ${DAYS}) d
       cross join lateral generate_series(1, greatest(1, (${ORDERS_PER_DAY} * (array[0.8, 0.7, 0.75, 0.9, 1.15, 1.6, 1.1])[extract(isodow from current_date - d)::int]
                                                          * (0.85 + 0.3 * (${DAYS} - d) / ${DAYS}) * (0.9 + 0.2 * random()))::int)) k
       cross join lateral (select (current_date - d)::timestamp + interval '8 hours' + (k % 600) * interval '1 minute' as ts) t
       cross join lateral (select random() + 0 * k as r, floor(power(random(), 2) * ${CUSTOMERS})::int + 0 * k as cn) pick`,
    [businessId, userId, storeId],
  );
  const orderCount = Number((await sql(`select count(*) as n from orders where business_id = $1`, [businessId])).rows[0].n);
  await sql(`insert into order_counters (business_id, last_number) values ($1, $2) on conflict (business_id) do update set last_number = excluded.last_number`, [businessId, orderCount]);
  // 3 lines an order from a skewed catalogue; every tenth order carries the planted pair (products 0 and 1).
  await sql(
    `insert into order_lines (business_id, order_id, position, product_id, name, unit_price, quantity, tax_rate_basis_points, gross, line_discount_amount, order_discount_share, net, tax, total)
     select o.business_id, o.id, p.position, bp.id, bp.name, bp.price, 1, 0, bp.price, 0, 0, bp.price, 0, bp.price
       from orders o cross join generate_series(0, 2) p(position)
       join bench_products bp on bp.n = case when o.number % 10 = 0 and p.position < 2 then p.position
                                             else (floor(power(((o.number * 7919 + p.position * 104729) % 100003) / 100003.0, 3) * ${PRODUCTS})::int + p.position) % ${PRODUCTS} end
      where o.business_id = $1`,
    [businessId],
  );
  await sql(
    `update orders o set subtotal = s.net, total = s.net, paid_total = s.net
       from (select order_id, sum(net) as net from order_lines where business_id = $1 group by order_id) s
      where o.business_id = $1 and o.id = s.order_id`,
    [businessId],
  );
  await sql(`analyze`);
  const lines = Number((await sql(`select count(*) as n from order_lines where business_id = $1`, [businessId])).rows[0].n);
  console.log(`${kind} set-up: ${orderCount.toLocaleString('en-US')} orders, ${lines.toLocaleString('en-US')} lines over ${DAYS} days, ${PRODUCTS} products, ${CUSTOMERS} customers, in ${((Date.now() - started) / 1000).toFixed(0)} s`);

  if (TRAIN) {
    await trainWhileSelling(kind, request, sql, businessId);
    await services.stop?.();
    await database.close?.();
    return;
  }

  const endpoints = ['/api/ai/sales-prediction', '/api/ai/stock-forecast', '/api/ai/product-recommendation', '/api/ai/customer-footpath', '/api/ai/modules'];
  const time = async (pathname) => {
    const t0 = performance.now();
    const res = await request('GET', pathname);
    if (res.status !== 200) throw new Error(`${pathname}: ${res.status} ${JSON.stringify(res.body)}`);
    return { ms: performance.now() - t0, body: res.body };
  };
  const results = {};
  for (const pathname of endpoints) {
    const first = await time(pathname);
    const warm = [];
    for (let i = 0; i < READS; i += 1) warm.push((await time(pathname)).ms);
    warm.sort((a, b) => a - b);
    results[pathname] = first.body;
    console.log(
      `${kind}: GET ${pathname.padEnd(32)} first (trains) ${first.ms.toFixed(0).padStart(6)} ms; cached p50 ${percentile(warm, 50).toFixed(1)} ms, p95 ${percentile(warm, 95).toFixed(1)} ms over ${READS}`,
    );
  }
  const products = results['/api/ai/stock-forecast'].products;
  const hint = await time(`/api/ai/often-bought-with?product_ids=${products.find((row) => row.name === 'Product 00001').product_id}`);
  console.log(`${kind}: GET /api/ai/often-bought-with (a cart of 1) ${hint.ms.toFixed(1)} ms → ${hint.body.suggestions.map((row) => `${row.name} (confidence ${row.confidence.toFixed(2)}, lift ${row.lift.toFixed(1)})`).join(', ')}`);

  const sales = results['/api/ai/sales-prediction'];
  const o = sales.backtest.overall;
  console.log(
    `${kind}: sales backtest, ${sales.backtest.weeks} held-out weeks, ${sales.backtest.horizon_days}-day horizon (${sales.model.seasonality} weekly${sales.model.trend === 'damped' ? ', damped trend' : ''}): ` +
      `MAPE ${o.mape.toFixed(1)} %, MASE ${o.mase.toFixed(2)}, seasonal-naive MAPE ${o.seasonal_naive_mape.toFixed(1)} %, MAE ÷ seasonal-naive MAE ${(o.mae / o.seasonal_naive_mae).toFixed(2)}, ` +
      `80 % / 95 % coverage ${o.coverage80.toFixed(2)} / ${o.coverage95.toFixed(2)}; next 28 days ${sales.totals.next_28_days}`,
  );
  const stock = results['/api/ai/stock-forecast'].summary;
  const rules = results['/api/ai/product-recommendation'];
  const footpath = results['/api/ai/customer-footpath'];
  console.log(
    `${kind}: ${stock.tracked_products} products planned (${stock.reorder_now} to reorder, ${stock.running_out_before_delivery} out before delivery); ${rules.total_rules} rules from ${rules.baskets} baskets; ` +
      `${footpath.summary.customers} customers, repeat rate ${(footpath.summary.repeat_rate * 100).toFixed(0)} %, ${footpath.at_risk.length} at risk shown`,
  );

  // One more sale changes the data: the next read retrains.
  await sql(`update orders set paid_at = now() - interval '1 day' where business_id = $1 and number = $2`, [businessId, orderCount]);
  const retrain = await time('/api/ai/sales-prediction');
  console.log(`${kind}: GET /api/ai/sales-prediction after a new sale (retrains) ${retrain.ms.toFixed(0)} ms`);
  await services.stop?.();
  await database.close?.();
}

/** Checkout latency (ms) of one-line cash sales rung up back to back (or one every --pace ms) until `until()` says stop. */
async function sellUntil(request, products, until) {
  const times = [];
  let index = 0;
  do {
    const product = products[index++ % products.length];
    const t0 = performance.now();
    const res = await request('POST', '/api/checkout', {
      idempotency_key: randomUUID(),
      lines: [{ product_id: product.id, quantity: 1 }],
      payments: [{ method: 'cash', amount: Number(product.price) }],
      expected_total: Number(product.price),
    });
    if (res.status !== 201) throw new Error(`checkout: ${res.status} ${JSON.stringify(res.body)}`);
    times.push(performance.now() - t0);
    const rest = PACE_MS - (performance.now() - t0);
    if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
  } while (!until());
  return times.sort((a, b) => a - b);
}

/** POSTs a training and polls it (every 250 ms) until it is done. */
async function trainOnce(request) {
  const started = performance.now();
  const answer = await request('POST', '/api/ai/training', {});
  if (answer.status !== 202) throw new Error(`train: ${answer.status} ${JSON.stringify(answer.body)}`);
  const answeredMs = performance.now() - started;
  for (;;) {
    const { body } = await request('GET', '/api/ai/training');
    if (body.job.status === 'failed') throw new Error(`training failed: ${body.job.error}`);
    if (body.job.status === 'done') return { job: body.job, answeredMs, seenMs: performance.now() - started };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const loadAverage = async () => (await import('node:os')).loadavg().map((value) => value.toFixed(2)).join(' / ');
const jobSeconds = (job) => ((Date.parse(job.finished_at) - Date.parse(job.started_at)) / 1000).toFixed(1);
function printProfile(kind, label) {
  const profile = server.trainingHooks.profile;
  const parts = Object.entries(profile).map(
    ([model, entry]) => `${model} ${entry.pages} reads ${(entry.readMs / 1000).toFixed(1)} s + fit ${(entry.fitMs / 1000).toFixed(1)} s`,
  );
  console.log(`${kind}: ${label} — ${parts.join('; ')}`);
  server.trainingHooks.profile = {};
}

async function trainWhileSelling(kind, request, sql, businessId) {
  const products = (await sql(`select id, price from products where business_id = $1 and stock_quantity >= 100 order by name limit 200`, [businessId])).rows;
  // Enough stock for every sale the loops ring up, however long the training takes.
  await sql(`update products set stock_quantity = 1000000 where id = any($1::uuid[])`, [products.map((product) => product.id)]);
  const stats = (times) => `p50 ${percentile(times, 50).toFixed(0)} / p95 ${percentile(times, 95).toFixed(0)} / p99 ${percentile(times, 99).toFixed(0)} / max ${times.at(-1).toFixed(0)} ms over ${times.length} sales`;
  // Training with nothing else running: the model's own time.
  server.trainingHooks.profile = {};
  const alone = await trainOnce(request);
  console.log(`${kind}: training alone: every model trained in ${jobSeconds(alone.job)} s (load average ${await loadAverage()})`);
  printProfile(kind, 'training alone');
  const t0 = performance.now();
  // At a pace, a minute's worth of sales at least, so the percentiles have something to read.
  const baseline = await sellUntil(request, products, () => performance.now() - t0 > Math.max(10_000, PACE_MS * 60));
  const pace = PACE_MS > 0 ? `one sale every ${PACE_MS} ms` : 'back to back';
  console.log(`${kind}: checkout with nothing else running (${pace}): ${stats(baseline)}`);
  // Training runs in the background (decision 042): one request answers at once with the job;
  // a poll every 250 ms watches it while the till keeps selling (at most --cap seconds).
  let done = false;
  const started = performance.now();
  const training = trainOnce(request).finally(() => {
    done = true;
  });
  const during = await sellUntil(request, products, () => done || performance.now() - started > CAP_S * 1000);
  if (!done) console.log(`${kind}: the training had not finished after ${CAP_S} s of back-to-back sales (starved); waiting for it without sales`);
  const { job, answeredMs, seenMs } = await training;
  console.log(
    `${kind}: the train request answered in ${answeredMs.toFixed(0)} ms; every model trained in ${jobSeconds(job)} s ` +
      `(job started → finished; ${(seenMs / 1000).toFixed(1)} s to seen done)`,
  );
  printProfile(kind, 'training while selling');
  console.log(`${kind}: load average ${await loadAverage()} (1 / 5 / 15 min)`);
  console.log(`${kind}: checkout during training (${pace}): ${stats(during)}`);
}

if (process.env.BENCH_ONLY !== 'postgres') await run(undefined);
if (process.env.BENCH_DATABASE_URL) await run(process.env.BENCH_DATABASE_URL);
process.exit(0);
