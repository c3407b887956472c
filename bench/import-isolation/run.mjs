// One business's heavy catalogue work must not freeze the others (issue 9 item 4). Business B's
// tills post 3-line sales at a steady pace over real HTTP while business A imports a 20,000-row
// catalogue CSV (20,000 new products), imports it again with other prices and counts (20,000
// updates), then exports those 20,000 products; we print B's checkout p50/p95/p99/max during each
// (and with nothing else running, as the baseline) and the import's and export's own durations. Target: B's p99 ≤ 250 ms during the import. PGlite first; then PostgreSQL when
// BENCH_DATABASE_URL is set (a fresh database is created on that server and dropped afterwards).
//   node bench/import-isolation/run.mjs [--tills 8] [--interval 100] [--rows 20000] [--skip-pglite]
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/import-isolation/run.mjs
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { build, buildCarts, client, fastClient, percentile, startServer } from '../lib/server.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : fallback;
};
const TILLS = Number(option('tills', 8));
/** Each till starts a sale this often (ms): 8 tills × 10 sales/s, a busy shop, well below saturation. */
const INTERVAL_MS = Number(option('interval', 100));
const ROWS = Number(option('rows', 20_000));
const BASELINE_SECONDS = 5;
const TARGET_P99_MS = 250;

async function setUpShop(baseUrl, name) {
  const owner = client(baseUrl);
  const email = `bench-${randomUUID()}@example.com`;
  let res = await owner('POST', '/api/auth/sign-up', { email, password: 'correct horse battery staple', business_name: name });
  if (res.status !== 201) throw new Error(`sign-up: ${JSON.stringify(res.body)}`);
  res = await owner('POST', '/api/business/owner', { full_name: 'Bench Owner' });
  if (res.status !== 201) throw new Error(`owner: ${JSON.stringify(res.body)}`);
  return owner;
}

/** B's catalogue through the API: 40 products, half of them stock-tracked. */
async function seedCatalogue(owner) {
  const ids = [];
  for (let i = 0; i < 40; i += 1) {
    const tracked = i % 2 === 0;
    const res = await owner('POST', '/api/products', { name: `Item ${i}`, price: 150 + i * 37, track_stock: tracked, ...(tracked ? { initial_stock: 1_000_000 } : {}) });
    if (res.status !== 201) throw new Error(`product: ${JSON.stringify(res.body)}`);
    ids.push(res.body.product.id);
  }
  return ids;
}

/**
 * The catalogue file A imports: products with SKU, barcode, category and (for half) stock; under
 * the 1 MB body limit. The second version has other prices and counts: every row an update.
 */
function catalogueCsv(rows, version = 1) {
  const lines = ['name,sku,barcode,price,category,track_stock,stock'];
  for (let i = 0; i < rows; i += 1) {
    const n = String(i).padStart(5, '0');
    lines.push(`Item ${n},P${n},20000000${n},${(i % 900) + version}.50,C${i % 40},${i % 2 ? 'y' : 'n'},${i % 2 ? (i + version) % 50 : ''}`);
  }
  return lines.join('\n') + '\n';
}

/**
 * B's tills until `until()` says stop: each starts a sale every INTERVAL_MS (or as soon as its
 * previous one answered, when that took longer). Latency is from sending to the answer.
 */
async function runTills(request, carts, until) {
  const latencies = [];
  let errors = 0;
  const failures = new Set();
  await Promise.all(
    Array.from({ length: TILLS }, async (_, till) => {
      let n = till;
      // Spread the tills over the interval.
      await new Promise((resolve) => setTimeout(resolve, (till * INTERVAL_MS) / TILLS));
      while (!until()) {
        const cart = carts[n++ % carts.length];
        const started = performance.now();
        const res = await request('POST', '/api/checkout', {
          idempotency_key: randomUUID(),
          lines: cart.lines,
          payments: [{ method: 'card', amount: cart.total }],
          expected_total: cart.total,
        }).catch((error) => ({ status: 0, body: error.code ?? String(error) }));
        const took = performance.now() - started;
        latencies.push(took);
        if (res.status !== 201) {
          errors += 1;
          failures.add(`${res.status} ${typeof res.body === 'string' ? res.body : (res.body?.error?.code ?? '')}`);
        }
        if (took < INTERVAL_MS) await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS - took));
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { count: latencies.length, errors, failures: [...failures], p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99), max: latencies.at(-1) };
}

const ms = (value) => `${value.toFixed(0)} ms`;
const fmt = (r) =>
  `p50 ${ms(r.p50)}, p95 ${ms(r.p95)}, p99 ${ms(r.p99)}, max ${ms(r.max)} (${r.count} sales, ${r.errors} errors${r.errors ? `: ${r.failures.join(', ')}` : ''})`;

/** B's tills run while `work` runs (and stop when it ends); answers B's figures and the work's duration. */
async function duringWork(till, carts, work) {
  let done = false;
  const started = performance.now();
  const tills = runTills(till, carts, () => done);
  const outcome = await work().finally(() => {
    done = true;
  });
  const took = performance.now() - started;
  return { b: await tills, took, outcome };
}

async function runOn(label, env) {
  const server = await startServer({ port: 4417, env, timeoutMs: 60_000 });
  try {
    const importer = await setUpShop(server.url, 'Importer');
    const shop = await setUpShop(server.url, 'Other shop');
    const carts = await buildCarts(shop, await seedCatalogue(shop), 50);
    const till = fastClient(server.url, shop.cookie);

    const warmUpEnd = performance.now() + 2_000;
    await runTills(till, carts, () => performance.now() > warmUpEnd);
    const baselineEnd = performance.now() + BASELINE_SECONDS * 1000;
    const baseline = await runTills(till, carts, () => performance.now() > baselineEnd);

    const csv = catalogueCsv(ROWS);
    const importFile = (file) => async () => {
      const res = await fetch(`${server.url}/api/products/import`, { method: 'POST', headers: { cookie: importer.cookie(), 'content-type': 'text/csv' }, body: file });
      const body = await res.json();
      if (res.status !== 200) throw new Error(`import: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
      return body;
    };
    const imported = await duringWork(till, carts, importFile(csv));
    const reimported = await duringWork(till, carts, importFile(catalogueCsv(ROWS, 2)));
    const exported = await duringWork(till, carts, async () => {
      const res = await fetch(`${server.url}/api/products/export.csv`, { headers: { cookie: importer.cookie() } });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`export: ${res.status} ${text.slice(0, 300)}`);
      return text.split('\n').length - 2;
    });

    console.log(`${label}, ${TILLS} tills of business B, a sale each every ${INTERVAL_MS} ms:`);
    console.log(`  baseline (${BASELINE_SECONDS} s, nothing else running): ${fmt(baseline)}`);
    console.log(`  while A imports ${ROWS} rows (${(Buffer.byteLength(csv) / 1024).toFixed(0)} KB): ${fmt(imported.b)}   (target p99 ≤ ${TARGET_P99_MS} ms)`);
    console.log(`    import took ${ms(imported.took)}: ${JSON.stringify(imported.outcome)}`);
    console.log(`  while A imports them again with other prices and counts: ${fmt(reimported.b)}`);
    console.log(`    import took ${ms(reimported.took)}: ${JSON.stringify(reimported.outcome)}`);
    console.log(`  while A exports ${exported.outcome} products: ${fmt(exported.b)}`);
    console.log(`    export took ${ms(exported.took)}`);
  } finally {
    await server.stop();
  }
}

build('server');

if (!args.includes('--skip-pglite')) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'till-bench-import-'));
  try {
    await runOn('PGlite (embedded)', { DATA_DIR: dataDir });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.env.BENCH_DATABASE_URL) {
  const admin = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
  await admin.connect();
  const name = `till_bench_import_${Date.now()}`;
  await admin.query(`create database ${name}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'till-bench-import-'));
  try {
    const url = Object.assign(new URL(process.env.BENCH_DATABASE_URL), { pathname: `/${name}` }).toString();
    await runOn('PostgreSQL', { DATABASE_URL: url, DATA_DIR: dataDir });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
