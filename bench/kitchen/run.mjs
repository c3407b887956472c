// Kitchen figures (issue 16): "Send to kitchen" at a till → the ticket's kitchen.ticket event on
// a display socket, with DISPLAYS displays joined to the grill station and TILLS tills sending at
// once. PGlite runs it in one process; PostgreSQL sends through process A and receives on B (the
// event crosses processes through LISTEN/NOTIFY). Target p95 ≤ 250 ms, p99 ≤ 500 ms.
// The displays are the web app's own realtime client (apps/web/src/lib/realtime) on Node's `ws`.
//
//   node bench/kitchen/run.mjs                                              # PGlite only
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/db node bench/kitchen/run.mjs
//   BENCH_ONLY=postgres ... runs the PostgreSQL half alone
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, client, fastClient, percentile, processCpuSeconds, root, startServer } from '../lib/server.mjs';

const DISPLAYS = Number(process.env.BENCH_DISPLAYS ?? 20);
const TILLS = Number(process.env.BENCH_TILLS ?? 32);
const PER_SECOND = Number(process.env.BENCH_TICKET_RATE ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PASSWORD = 'correct horse battery staple';

const { default: WebSocket } = await import(pathToFileURL(path.join(root, 'node_modules/ws/wrapper.mjs')).href);

async function loadClient() {
  const esbuild = await import('esbuild');
  const outdir = path.join(root, '.tmp');
  mkdirSync(outdir, { recursive: true });
  const outfile = path.join(outdir, 'bench-kitchen-client.mjs');
  await esbuild.build({
    entryPoints: [path.join(root, 'apps/web/src/lib/realtime/realtime-client.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
  return import(pathToFileURL(outfile).href);
}
const { RealtimeClient } = await loadClient();
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function ok(response, status, what) {
  if (response.status !== status) throw new Error(`${what}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

async function waitUntil(check, timeoutMs, what) {
  const started = performance.now();
  while (!check()) {
    if (performance.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await pause(20);
  }
}

/** A restaurant with the kitchen display on, a Grill station and a steak it prepares. */
async function restaurant(url) {
  const request = client(url);
  await ok(
    await request('POST', '/api/auth/sign-up', { email: `kitchen-${Date.now()}@bench.example`, password: PASSWORD, business_name: 'Bench Bistro', full_name: 'Bench Owner', industry: 'restaurant' }),
    201,
    'sign-up',
  );
  await ok(await request('PATCH', '/api/business-settings', { enabled_features: { kitchen_display: true } }), 200, 'settings');
  const me = await request('GET', '/api/me');
  const { category } = await ok(await request('POST', '/api/categories', { name: 'Mains' }), 201, 'category');
  const { product } = await ok(await request('POST', '/api/products', { name: 'Steak', price: 2400, category_id: category.id }), 201, 'product');
  const { station } = await ok(await request('POST', '/api/kitchen/stations', { name: 'Grill', category_ids: [category.id] }), 201, 'station');
  return { cookie: request.cookie(), businessId: me.body.business.id, productId: product.id, stationId: station.id };
}

async function measure(label, sendUrl, displayUrl) {
  console.log(`\n== ${label}: ${PER_SECOND} tickets/s for ${SECONDS} s from ${TILLS} tills; ${DISPLAYS} displays on the grill station ==`);
  const shop = await restaurant(sendUrl);
  const receivedAt = new Map(); // ticket id → receive times on each display
  const displays = [];
  for (let i = 0; i < DISPLAYS; i += 1) {
    const socket = new RealtimeClient({ url: displayUrl.replace(/^http/, 'ws') + '/realtime', createWebSocket: (address) => new WebSocket(address, { headers: { cookie: shop.cookie } }) });
    const channel = socket.channel(`realtime:station:${shop.stationId}`);
    channel.onBroadcast('kitchen.ticket', (message) => {
      if (message.payload.change !== 'sent') return;
      const times = receivedAt.get(message.payload.ticket_id) ?? [];
      times.push(performance.now());
      receivedAt.set(message.payload.ticket_id, times);
    });
    channel.join();
    displays.push({ socket, channel });
  }
  await waitUntil(() => displays.every((display) => display.channel.state === 'joined'), 60_000, 'displays to join');

  const post = fastClient(sendUrl, () => shop.cookie, TILLS);
  const total = PER_SECOND * SECONDS;
  const sentAt = new Map();
  const started = performance.now();
  const sends = [];
  let inFlight = 0;
  for (let n = 0; n < total; n += 1) {
    const due = started + (n * 1000) / PER_SECOND;
    const wait = due - performance.now();
    if (wait > 0) await pause(wait);
    // At most TILLS sends at once: 32 tills, each waiting for its answer.
    while (inFlight >= TILLS) await pause(1);
    inFlight += 1;
    const at = performance.now();
    sends.push(
      post('POST', '/api/kitchen/tickets', {
        idempotency_key: crypto.randomUUID(),
        order_type: 'dine_in',
        table: String(1 + (n % 30)),
        items: [{ product_id: shop.productId, quantity: 1 + (n % 3), note: 'medium rare' }],
      }).then((response) => {
        inFlight -= 1;
        if (response.status === 201) sentAt.set(response.body.ticket.id, at);
        return response.status;
      }),
    );
  }
  const statuses = await Promise.all(sends);
  const refused = statuses.filter((status) => status !== 201).length;
  await waitUntil(() => [...sentAt.keys()].every((id) => (receivedAt.get(id)?.length ?? 0) >= DISPLAYS), 30_000, 'every delivery').catch(() => undefined);
  const latencies = [];
  for (const [id, at] of sentAt) for (const received of receivedAt.get(id) ?? []) latencies.push(received - at);
  latencies.sort((a, b) => a - b);
  const expected = sentAt.size * DISPLAYS;
  const p95 = percentile(latencies, 95);
  const p99 = percentile(latencies, 99);
  console.log(`  ${sentAt.size} of ${total} tickets sent${refused ? ` (${refused} refused)` : ''}; ${latencies.length} of ${expected} display deliveries received`);
  console.log(
    `  send → ticket on a display: p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${latencies.at(-1)?.toFixed(1)} ms (${p95 <= 250 && p99 <= 500 ? 'meets' : 'MISSES'} p95 ≤ 250, p99 ≤ 500)`,
  );
  for (const display of displays) display.socket.disconnect();
  return { p95, p99 };
}

build('server');
const only = process.env.BENCH_ONLY;
const results = [];
if (only !== 'postgres') {
  const dir = mkdtempSync(path.join(tmpdir(), 'till-bench-kitchen-'));
  const server = await startServer({ port: 4471, env: { DATA_DIR: dir }, timeoutMs: 180_000 });
  try {
    const cpu = processCpuSeconds(server.pid);
    results.push(['PGlite, one process', await measure('PGlite (one process)', server.url, server.url)]);
    console.log(`  server CPU ${(processCpuSeconds(server.pid) - cpu).toFixed(1)} s`);
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
const databaseUrl = process.env.BENCH_DATABASE_URL;
if (databaseUrl) {
  const env = { DATABASE_URL: databaseUrl, BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0' };
  const [a, b] = await Promise.all([startServer({ port: 4472, env, timeoutMs: 180_000 }), startServer({ port: 4473, env, timeoutMs: 180_000 })]);
  try {
    results.push(['PostgreSQL, tills on A, displays on B', await measure('PostgreSQL (send through A, displays on B)', a.url, b.url)]);
  } finally {
    await Promise.all([a.stop(), b.stop()]);
  }
} else {
  console.log('\nBENCH_DATABASE_URL is not set: the PostgreSQL two-process run is skipped.');
}
console.log('\nSummary');
for (const [label, result] of results) console.log(`  ${label}: p95 ${result.p95.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms`);
process.exit(0);
