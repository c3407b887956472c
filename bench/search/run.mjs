// Catalogue search latency over real HTTP at 100k products (target: p95 <= 20 ms per query kind).
// Loads a fresh embedded database (and a PostgreSQL one when BENCH_DATABASE_URL is set) with
// BENCH_PRODUCTS products (default 100000) in bulk SQL, then times GET /api/products searches:
// name substring, name prefix, SKU, barcode, the barcode lookup, the till's search and paging.
//
//   node bench/search/run.mjs                  # PGlite
//   BENCH_DATABASE_URL=postgres://... node bench/search/run.mjs   # PGlite, then PostgreSQL
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleServerModules } from '../lib/server.mjs';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const TARGET_P95_MS = 20;

/** The server's TypeScript, bundled once for this process. */
async function loadServer() {
  const outfile = await bundleServerModules('search', [
    "export { createApp } from './apps/server/src/app.ts';",
    "export { createServices } from './apps/server/src/services.ts';",
    "export { parseConfig } from './apps/server/src/env.ts';",
    "export { openDatabase } from './apps/server/src/db/client.ts';",
    "export { listProducts } from './apps/server/src/modules/products/list-products.ts';",
    "export { sql } from 'drizzle-orm';",
    "export { serve } from '@hono/node-server';",
  ]);
  return import(pathToFileURL(outfile).href);
}

const WORDS = {
  brand: ['Acme', 'Northwind', 'Blue Hill', 'Golden', 'Maple', 'Riverside', 'Summit', 'Harbor', 'Oak & Ivy', 'Sunrise', 'Little', 'Old Town', 'Green Valley', 'Nordic', 'Urban', 'Wild'],
  kind: ['Organic', 'Fresh', 'Smoked', 'Roasted', 'Spicy', 'Classic', 'Vegan', 'Sparkling', 'Dark', 'Sea Salt', 'Honey', 'Gluten Free', 'Unsweetened', 'Premium', 'Mini', 'Family'],
  item: [
    'Apple Juice', 'Orange Juice', 'Chocolate Bar', 'Coffee Beans', 'Green Tea', 'Almond Milk', 'Oat Biscuits', 'Tomato Soup', 'Basmati Rice',
    'Olive Oil', 'Peanut Butter', 'Strawberry Jam', 'Sourdough Bread', 'Cheddar Cheese', 'Greek Yogurt', 'Potato Chips', 'Mineral Water',
    'Lemonade', 'Dog Food', 'Dish Soap', 'Paper Towels', 'Toothpaste', 'Shampoo', 'AA Batteries', 'Light Bulb', 'Notebook', 'Blueberry Muffin',
    'Croissant', 'Espresso', 'Cappuccino', 'Pad Thai', 'Spark Plug', 'Oil Filter', 'Brake Pads', 'Wiper Blades', 'Coolant',
  ],
  size: ['100g', '250g', '500g', '1kg', '330ml', '500ml', '1L', '2L', 'x6', 'x12', 'Small', 'Large'],
};

const sqlArray = (values) => `array[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(',')}]`;

async function loadCatalogue(server, database, businessId) {
  const started = performance.now();
  await database.withTenant(businessId, async (tx) => {
    await tx.execute(server.sql.raw(`
      insert into categories (business_id, name, sort_order)
      select '${businessId}', 'Category ' || g, g from generate_series(1, 20) g`));
    await tx.execute(server.sql.raw(`
      insert into tax_rates (business_id, name, basis_points, is_default) values ('${businessId}', 'Standard', 2000, true)`));
    // Every brand × kind × item × size combination in turn (mixed radix), so names sort in
    // clusters as real catalogues do ("Acme Organic ...", "Acme Smoked ..."); #n keeps them distinct.
    await tx.execute(server.sql.raw(`
      insert into products (business_id, name, sku, barcode, price, cost, category_id, track_stock, stock_quantity, low_stock_threshold)
      select '${businessId}',
        (${sqlArray(WORDS.brand)})[1 + g % ${WORDS.brand.length}] || ' ' ||
        (${sqlArray(WORDS.kind)})[1 + (g / ${WORDS.brand.length}) % ${WORDS.kind.length}] || ' ' ||
        (${sqlArray(WORDS.item)})[1 + (g / ${WORDS.brand.length * WORDS.kind.length}) % ${WORDS.item.length}] || ' ' ||
        (${sqlArray(WORDS.size)})[1 + (g / ${WORDS.brand.length * WORDS.kind.length * WORDS.item.length}) % ${WORDS.size.length}] || ' #' || g,
        'SKU-' || lpad(g::text, 7, '0'),
        '40' || lpad(g::text, 11, '0'),
        100 + (g * 37) % 9900,
        50 + (g * 11) % 4000,
        (select id from categories c where c.business_id = '${businessId}' and c.sort_order = 1 + g % 20),
        g % 2 = 0,
        case when g % 2 = 0 then (g * 3) % 200 else 0 end,
        case when g % 2 = 0 then 10 else null end
      from generate_series(1, ${PRODUCTS}) g`));
  });
  await database.db.execute(server.sql.raw('analyze products'));
  return (performance.now() - started) / 1000;
}

class Client {
  cookies = new Map();
  constructor(baseUrl) {
    this.baseUrl = baseUrl;
  }
  async request(method, url, body) {
    try {
      return await this.once(method, url, body);
    } catch (error) {
      // A keep-alive socket the server closed while the catalogue loaded: one retry on a new one.
      if (error.cause?.code !== 'ECONNRESET') throw error;
      return this.once(method, url, body);
    }
  }
  async once(method, url, body) {
    const response = await fetch(this.baseUrl + url, {
      method,
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const index = pair.indexOf('=');
      this.cookies.set(pair.slice(0, index), pair.slice(index + 1));
    }
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  }
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/**
 * Over HTTP (what a browser waits for: session, tenant, search, JSON) and, for /api/products
 * searches, the same search called in-process (the database part alone), interleaved so that
 * both see the same machine load.
 */
async function measure(client, label, urls, direct) {
  for (const url of urls.slice(0, 10)) await client.request('GET', url); // warm-up
  const times = [];
  const directTimes = [];
  let results = 0;
  for (let index = 0; index < SAMPLES; index += 1) {
    const url = urls[index % urls.length];
    const started = performance.now();
    const res = await client.request('GET', url);
    times.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`${label}: ${url} answered ${res.status} ${JSON.stringify(res.body)}`);
    results += res.body.products ? res.body.products.length : 1;
    if (direct && url.startsWith('/api/products?')) {
      const query = Object.fromEntries(new URL(url, 'http://x').searchParams);
      const startedDirect = performance.now();
      await direct({ q: query.q, status: query.status ?? 'active', lowStock: query.low_stock === 'true', limit: Number(query.limit ?? 50), cursor: query.cursor });
      directTimes.push(performance.now() - startedDirect);
    }
  }
  times.sort((a, b) => a - b);
  directTimes.sort((a, b) => a - b);
  return {
    label,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    max: times.at(-1),
    directP50: directTimes.length ? percentile(directTimes, 50) : null,
    directP95: directTimes.length ? percentile(directTimes, 95) : null,
    avgResults: results / SAMPLES,
  };
}

/**
 * "POS screen usable" at 100k products (target ≤ 1.5 s): from navigating to /pos in Chromium
 * (signed in as the owner) until the product grid shows tiles and the search box takes input.
 * Median of 5 loads; the first load (cold browser cache) is reported too.
 */
async function measurePosScreen({ baseUrl, client }) {
  const { chromium } = await import('playwright-core');
  const { findChromium } = await import('../../scripts/chromium.mjs');
  const executablePath = findChromium();
  if (!executablePath) return 'not measured: no Chromium found (apt-get install chromium)';
  const browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
    const { hostname } = new URL(baseUrl);
    await context.addCookies([...client.cookies].map(([name, value]) => ({ name, value, domain: hostname, path: '/' })));
    const page = await context.newPage();
    const times = [];
    for (let run = 0; run < 6; run += 1) {
      const started = performance.now();
      await page.goto(`${baseUrl}/pos`);
      await page.getByRole('list', { name: /^Products/ }).getByRole('button').first().waitFor({ timeout: 30_000 });
      await page.getByRole('searchbox', { name: 'Search products by name, SKU or barcode' }).waitFor({ state: 'visible' });
      times.push(performance.now() - started);
    }
    const [cold, ...warm] = times;
    warm.sort((a, b) => a - b);
    return `median ${warm[Math.floor(warm.length / 2)].toFixed(0)} ms (first, cold cache: ${cold.toFixed(0)} ms)   target <= 1500 ms`;
  } finally {
    await browser.close();
  }
}

async function runOn(server, kind, openOptions) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'till-bench-search-'));
  const database = await server.openDatabase(openOptions(dataDir));
  await database.migrate();
  const config = server.parseConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'error',
    DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-00',
    PORT: '0',
  });
  const services = await server.createServices(config, { database });
  const app = server.createApp(services);
  const http = server.serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => http.once('listening', resolve));
  const baseUrl = `http://127.0.0.1:${http.address().port}`;
  const client = new Client(baseUrl);
  let businessId;
  try {
    const email = `bench-${Date.now()}@example.com`;
    const signUp = await client.request('POST', '/api/auth/sign-up', { email, password: 'correct horse battery staple', business_name: 'Bench Mart', full_name: 'Bench Owner' });
    if (signUp.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(signUp.body)}`);
    await client.request('POST', '/api/business/owner', { full_name: 'Bench Owner' });
    businessId = (await client.request('GET', '/api/me')).body.business.id;
    const probe = await client.request('GET', '/api/products?limit=1');
    if (probe.status === 404) throw new Error('GET /api/products is not routed: register productsRoutes in apps/server/src/app.ts');

    const loadSeconds = await loadCatalogue(server, database, businessId);
    console.log(`\n${kind}: ${PRODUCTS.toLocaleString('en')} products loaded in ${loadSeconds.toFixed(1)} s; ${SAMPLES} requests per kind`);

    const pick = (count, make) => Array.from({ length: count }, (_, index) => make(Math.floor(((index + 1) * PRODUCTS) / (count + 1)) + 1));
    const q = (text) => `/api/products?q=${encodeURIComponent(text)}&limit=50`;
    // A page deep in the list: the cursor of the first page of a later letter.
    const deep = await client.request('GET', `/api/products?limit=50&q=${encodeURIComponent('Sunrise')}`);
    const kinds = [
      ['baseline: GET /api/tax-rates (auth + tenant, no search)', ['/api/tax-rates']],
      ['first page, no search', ['/api/products?limit=50']],
      ['name substring, common (juice, organic, 500ml)', ['juice', 'berry', 'organic', 'chocolate', 'tea', 'oil', '500ml', 'acme'].map(q)],
      ['name substring, rare (dark almond milk 1l, #4242)', ['dark almond milk 1l', 'spark plug x12', '#4242', 'urban dark', 'pad thai #7', 'wild honey croissant'].map(q)],
      ['name substring, 2 letters (ju, rk)', ['ju', 'rk', 'zz'].map(q)],
      ['name prefix (Acme Org, Nordic Sp)', ['Acme Org', 'Nordic Sp', 'Blue Hill Fresh', 'Wild Honey'].map(q)],
      ['SKU exact', pick(50, (n) => q(`SKU-${String(n).padStart(7, '0')}`))],
      ['barcode exact (search box)', pick(50, (n) => q(`40${String(n).padStart(11, '0')}`))],
      ['barcode lookup GET /api/products/by-barcode', pick(50, (n) => `/api/products/by-barcode/40${String(n).padStart(11, '0')}`)],
      ['till search GET /api/pos/products', ['juice', 'coffee', 'SKU-0000042', '4000000004242'].map((text) => `/api/pos/products?q=${encodeURIComponent(text)}`)],
      ['next page (cursor)', deep.body.next_cursor ? [`/api/products?limit=50&q=Sunrise&cursor=${deep.body.next_cursor}`] : ['/api/products?limit=50']],
      ['low stock filter', ['/api/products?low_stock=true&limit=50']],
    ];
    const direct = (query) => server.listProducts(database, businessId, () => '', query);
    const rows = [];
    for (const [label, urls] of kinds) rows.push(await measure(client, label, urls, direct));
    const width = Math.max(...rows.map((row) => row.label.length));
    const ms = (value) => (value === null ? '-' : value.toFixed(1)).padStart(8);
    console.log(`${'query'.padEnd(width)}   HTTP p50   p95      max    | search alone p50   p95 | rows`);
    for (const row of rows) {
      const flag = row.label.startsWith('baseline') ? '' : row.p95 <= TARGET_P95_MS ? '  ok' : `  > ${TARGET_P95_MS} ms`;
      console.log(`${row.label.padEnd(width)} ${ms(row.p50)} ${ms(row.p95)} ${ms(row.max)}   |      ${ms(row.directP50)} ${ms(row.directP95)} | ${row.avgResults.toFixed(0).padStart(4)}${flag}`);
    }
    const { loadavg, cpus } = await import('node:os');
    console.log(`load average ${loadavg().map((value) => value.toFixed(1)).join(' ')} on ${cpus().length} CPUs (figures are wall-clock: other work on the machine inflates them)`);
    const pos = await measurePosScreen({ baseUrl, client, database, businessId });
    console.log(`POS screen usable: ${pos}`);
  } finally {
    await new Promise((resolve) => http.close(resolve));
    if (kind === 'PostgreSQL' && businessId) {
      await database.db.execute(server.sql.raw(`delete from businesses where id = '${businessId}'`)).catch(() => undefined);
    }
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const server = await loadServer();
// The POS figure is for the web app as it is now: rebuild it when its sources changed (as npm start does).
await (await import('../../scripts/build.mjs')).buildAll({ only: ['web'] });
await runOn(server, 'PGlite (embedded)', (dataDir) => ({ pgliteDir: path.join(dataDir, 'pglite') }));
if (process.env.BENCH_DATABASE_URL) await runOn(server, 'PostgreSQL', () => ({ databaseUrl: process.env.BENCH_DATABASE_URL }));
process.exit(0);
