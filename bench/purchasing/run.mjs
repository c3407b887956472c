// Purchasing figures (issue 13 "Speed"), over real HTTP on a fresh embedded database (and a
// PostgreSQL one when BENCH_DATABASE_URL is set):
// - receiving a 500-line delivery (target <= 1 s), three deliveries, each against its own order;
// - GET /api/purchase-invoices and the aged payables with 10,000 invoices (target p95 <= 50 ms);
// - "Reorder" over 100,000 products, 1,000 of them low, five suppliers (target <= 500 ms).
//
//   node bench/purchasing/run.mjs
//   BENCH_DATABASE_URL=postgres://... node bench/purchasing/run.mjs
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleServerModules, percentile } from '../lib/server.mjs';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const INVOICES = Number(process.env.BENCH_INVOICES ?? 10_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 100);

async function loadServer() {
  const outfile = await bundleServerModules('purchasing', [
    "export { createApp } from './apps/server/src/app.ts';",
    "export { createServices } from './apps/server/src/services.ts';",
    "export { parseConfig } from './apps/server/src/env.ts';",
    "export { openDatabase } from './apps/server/src/db/client.ts';",
    "export { sql } from 'drizzle-orm';",
    "export { serve } from '@hono/node-server';",
  ]);
  return import(pathToFileURL(outfile).href);
}

function client(baseUrl) {
  const cookies = new Map();
  return async function request(method, url, body) {
    const response = await fetch(baseUrl + url, {
      method,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(cookies.size ? { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const index = pair.indexOf('=');
      cookies.set(pair.slice(0, index), pair.slice(index + 1));
    }
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
}

async function expectStatus(promise, status, what) {
  const res = await promise;
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  return res.body;
}

async function runOn(server, kind, openOptions) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'till-bench-purchasing-'));
  const database = await server.openDatabase(openOptions(dataDir));
  await database.migrate();
  const config = server.parseConfig({ NODE_ENV: 'production', LOG_LEVEL: 'error', DATA_DIR: dataDir, BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-00', PORT: '0' });
  const services = await server.createServices(config, { database });
  const http = server.serve({ fetch: server.createApp(services).fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => http.once('listening', resolve));
  const request = client(`http://127.0.0.1:${http.address().port}`);
  const exec = (text) => database.db.execute(server.sql.raw(text));
  let businessId;
  console.log(`\n${kind}`);
  try {
    await expectStatus(request('POST', '/api/auth/sign-up', { email: `bench-${Date.now()}@example.com`, password: 'correct horse battery staple', business_name: 'Bench Mart', full_name: 'Bench Owner' }), 201, 'sign-up');
    await request('POST', '/api/business/owner', { full_name: 'Bench Owner' });
    businessId = (await request('GET', '/api/me')).body.business.id;
    const supplierIds = [];
    for (let index = 0; index < 5; index += 1) supplierIds.push((await expectStatus(request('POST', '/api/suppliers', { name: `Supplier ${index}` }), 201, 'supplier')).supplier.id);

    // The catalogue: PRODUCTS tracked products; every 100th at or below its reorder point; each linked to a supplier.
    let started = performance.now();
    await exec(`insert into products (business_id, name, sku, price, cost, track_stock, stock_quantity, reorder_point, reorder_quantity)
      select '${businessId}', 'Product #' || g, 'SKU-' || lpad(g::text, 7, '0'), 500, 300, true, case when g % 100 = 0 then 2 else 50 end, 5, 24
      from generate_series(1, ${PRODUCTS}) g`);
    await exec(`insert into supplier_products (business_id, supplier_id, product_id, pack_size, last_cost)
      select p.business_id, (array[${supplierIds.map((id) => `'${id}'::uuid`).join(',')}])[1 + (row_number() over (order by p.id))::int % 5], p.id, 6, 280
      from products p where p.business_id = '${businessId}'`);
    await exec('analyze products');
    await exec('analyze supplier_products');
    console.log(`loaded ${PRODUCTS.toLocaleString('en-US')} products and their supplier links in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    // Reorder: drafts for the 1% that are low.
    started = performance.now();
    const reorder = await expectStatus(request('POST', '/api/purchase-orders/reorder'), 201, 'reorder');
    const reorderMs = performance.now() - started;
    const lines = reorder.purchase_orders.reduce((sum, order) => sum + order.line_count, 0);
    console.log(`Reorder over ${PRODUCTS.toLocaleString('en-US')} products: ${reorderMs.toFixed(0)} ms (${reorder.purchase_orders.length} drafts, ${lines} lines)   target <= 500 ms ${reorderMs <= 500 ? 'ok' : 'MISSED'}`);

    // Receiving: three 500-line deliveries, each against its own sent order.
    const ids = (await database.withTenant(businessId, (tx) => tx.execute(server.sql.raw(`select id from products where name like 'Product #%' order by id limit 1500`)))).rows.map((row) => row.id);
    const receiveTimes = [];
    for (let run = 0; run < 3; run += 1) {
      const productIds = ids.slice(run * 500, run * 500 + 500);
      const order = (await expectStatus(request('POST', '/api/purchase-orders', { supplier_id: supplierIds[0], lines: productIds.map((productId) => ({ product_id: productId, quantity: 2, pack_size: 1, unit_cost: 310 })) }), 201, 'order')).purchase_order;
      await expectStatus(request('POST', `/api/purchase-orders/${order.id}/send`), 200, 'send');
      const body = { idempotency_key: randomUUID(), purchase_order_id: order.id, lines: order.lines.map((line) => ({ purchase_order_line_id: line.id, quantity: 2, batch_number: `B${run}` })) };
      started = performance.now();
      await expectStatus(request('POST', '/api/goods-receipts', body), 201, 'receive');
      receiveTimes.push(performance.now() - started);
      // The retry of the same delivery: answered from the first receipt.
      started = performance.now();
      await expectStatus(request('POST', '/api/goods-receipts', body), 200, 'retry');
      receiveTimes.retry = performance.now() - started;
    }
    const worst = Math.max(...receiveTimes);
    console.log(`Receiving a 500-line delivery: ${receiveTimes.map((ms) => ms.toFixed(0)).join(', ')} ms (its retry ${receiveTimes.retry.toFixed(0)} ms)   target <= 1000 ms ${worst <= 1000 ? 'ok' : 'MISSED'}`);

    // Payables: INVOICES invoices over two years, a third paid, a third part paid.
    await exec(`insert into purchase_invoices (business_id, supplier_id, invoice_number, invoice_date, due_date, net, tax, total, paid_total, idempotency_key, request_hash)
      select '${businessId}', (array[${supplierIds.map((id) => `'${id}'::uuid`).join(',')}])[1 + g % 5], 'INV-' || g, date '2025-01-01' + (g % 700), date '2025-01-31' + (g % 700),
        10000, 1900, 11900, case g % 3 when 0 then 11900 when 1 then 5000 else 0 end, gen_random_uuid(), 'bench'
      from generate_series(1, ${INVOICES}) g`);
    await exec('analyze purchase_invoices');
    const measure = async (label, url) => {
      for (let index = 0; index < 5; index += 1) await request('GET', url);
      const times = [];
      for (let index = 0; index < SAMPLES; index += 1) {
        started = performance.now();
        await expectStatus(request('GET', url), 200, label);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const p95 = percentile(times, 95);
      console.log(`${label.padEnd(52)} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms   target p95 <= 50 ms ${p95 <= 50 ? 'ok' : 'MISSED'}`);
    };
    await measure(`payables list, ${INVOICES.toLocaleString('en-US')} invoices (first page)`, '/api/purchase-invoices?limit=50');
    await measure('payables list, unpaid only', '/api/purchase-invoices?status=unpaid&limit=50');
    await measure('aged payables', '/api/purchase-invoices/aged-payables?as_of=2026-11-01');
    console.log(`load average ${loadavg().map((value) => value.toFixed(1)).join(' ')} on ${cpus().length} CPUs (wall-clock figures: other work on the machine inflates them)`);
  } finally {
    await new Promise((resolve) => http.close(resolve));
    if (kind === 'PostgreSQL' && businessId) await exec(`delete from businesses where id = '${businessId}'`).catch(() => undefined);
    await services.stop?.();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const server = await loadServer();
await runOn(server, 'PGlite (embedded)', (dataDir) => ({ pgliteDir: path.join(dataDir, 'pglite') }));
if (process.env.BENCH_DATABASE_URL) await runOn(server, 'PostgreSQL', () => ({ databaseUrl: process.env.BENCH_DATABASE_URL }));
process.exit(0);
