// K concurrent simulated tills post 3-line orders to POST /api/checkout over real HTTP and we
// print orders/s and p50/p99 latency; pgbench's TPC-B TPS on the same PostgreSQL server in the
// same run gives the yardstick (target ≥ 0.5 × pgbench TPS, p99 ≤ 50 ms at 32 tills). Then the
// same against the embedded PGlite (target ≥ 200 orders/s).
//   node bench/checkout/run.mjs [--seconds 15] [--tills 32] [--pg postgres://postgres@127.0.0.1:5432/postgres] [--skip-pg] [--skip-pglite]
import { randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { build, buildCarts, client, fastClient, machineBusySeconds, percentile, processCpuSeconds, startServer } from '../lib/server.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : fallback;
};
const SECONDS = Number(option('seconds', 15));
const TILLS = Number(option('tills', 32));
// The local server's Unix socket when there is one (both Till and pgbench use it, so the
// comparison stays like for like); loopback TCP otherwise.
const SOCKET_DIR = '/var/run/postgresql';
const ADMIN_URL = option('pg', existsSync(SOCKET_DIR) ? `postgresql://postgres@localhost/postgres?host=${SOCKET_DIR}` : 'postgres://postgres@127.0.0.1:5432/postgres');

async function setUpShop(baseUrl) {
  const owner = client(baseUrl);
  const email = `bench-${randomUUID()}@example.com`;
  let res = await owner('POST', '/api/auth/sign-up', { email, password: 'correct horse battery staple', business_name: 'Bench Shop' });
  if (res.status !== 201) throw new Error(`sign-up: ${JSON.stringify(res.body)}`);
  res = await owner('POST', '/api/business/owner', { full_name: 'Bench Owner' });
  if (res.status !== 201) throw new Error(`owner: ${JSON.stringify(res.body)}`);
  const me = (await owner('GET', '/api/me')).body;
  return { owner, businessId: me.business.id };
}

/** Catalogue rows straight into the database (catalogue speed is bench/search's subject). */
async function seedCatalogue(query, businessId) {
  const tax = await query(`insert into tax_rates (business_id, name, basis_points) values ($1, 'Standard', 2000) returning id`, [businessId]);
  const ids = [];
  for (let i = 0; i < 40; i += 1) {
    const row = await query(
      `insert into products (business_id, name, price, tax_rate_id, track_stock, stock_quantity) values ($1, $2, $3, $4, $5, 100000000) returning id`,
      [businessId, `Item ${i}`, 150 + i * 37, tax.rows[0].id, i % 2 === 0],
    );
    ids.push(row.rows[0].id);
  }
  return ids;
}

async function runTills(request, carts, tills, seconds, serverPid) {
  const cpuBefore = { server: processCpuSeconds(serverPid), client: process.cpuUsage(), machine: machineBusySeconds() };
  const latencies = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: tills }, async (_, till) => {
      let n = till;
      while (performance.now() < deadline) {
        const cart = carts[n++ % carts.length];
        const started = performance.now();
        const res = await request('POST', '/api/checkout', {
          idempotency_key: randomUUID(),
          lines: cart.lines,
          payments: [{ method: 'card', amount: cart.total }],
          expected_total: cart.total,
        });
        latencies.push(performance.now() - started);
        if (res.status !== 201) errors += 1;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  // Where the two cores went: the app server, this client, and the rest (the database, the OS).
  const clientUsage = process.cpuUsage(cpuBefore.client);
  const cores = {
    server: (processCpuSeconds(serverPid) - cpuBefore.server) / seconds,
    client: (clientUsage.user + clientUsage.system) / 1e6 / seconds,
    machine: (machineBusySeconds() - cpuBefore.machine) / seconds,
  };
  return {
    orders: latencies.length - errors,
    errors,
    perSecond: (latencies.length - errors) / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    cores,
  };
}

async function pgbenchTps(url, clients, seconds, checkpoint) {
  const env = { ...process.env };
  const init = spawnSync('pgbench', ['-i', '-q', '-s', '10', url], { env, encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`pgbench -i failed: ${init.stderr}`);
  await checkpoint();
  const run = spawnSync('pgbench', ['-c', String(clients), '-j', '2', '-T', String(seconds), '-n', url], { env, encoding: 'utf8' });
  const match = /tps = ([\d.]+)/.exec(run.stdout);
  if (!match) throw new Error(`pgbench failed: ${run.stdout}${run.stderr}`);
  return Number(match[1]);
}

const fmt = (r) =>
  `${r.perSecond.toFixed(0)} orders/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms (${r.orders} orders, ${r.errors} errors)` +
  (Number.isFinite(r.cores.machine)
    ? `\n  CPU cores busy: app server ${r.cores.server.toFixed(2)}, bench client ${r.cores.client.toFixed(2)}, database and the rest ${(r.cores.machine - r.cores.server - r.cores.client).toFixed(2)} (of ${availableParallelism()})`
    : '');

build('server');
const port = 4392;

if (!args.includes('--skip-pg')) {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const dbName = `till_bench_${Date.now()}`;
  const pgbenchDb = `${dbName}_pgbench`;
  await admin.query(`create database ${dbName}`);
  await admin.query(`create database ${pgbenchDb}`);
  const dbUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${dbName}` }).toString();
  const pgbenchUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${pgbenchDb}` }).toString();
  try {
    const profileDir = option('cpu-prof', null);
    const server = await startServer({
      port,
      env: { DATABASE_URL: dbUrl, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'till-bench-')) },
      nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    });
    const { owner, businessId } = await setUpShop(server.url);
    const db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    const productIds = await seedCatalogue((text, values) => db.query(text, values), businessId);
    await db.end();
    const carts = await buildCarts(owner, productIds, 50);
    const till = fastClient(server.url, owner.cookie);
    // Creating databases writes much WAL; a checkpoint now (and before pgbench) keeps a
    // checkpoint from landing inside one timed run and not the other.
    const checkpoint = () => admin.query('checkpoint');
    await checkpoint();
    await runTills(till, carts, TILLS, 2, server.pid); // warm-up
    const result = await runTills(till, carts, TILLS, SECONDS, server.pid);
    await server.stop();
    const tps = await pgbenchTps(pgbenchUrl, TILLS, SECONDS, checkpoint);
    console.log(`PostgreSQL (${new URL(ADMIN_URL).searchParams.get('host') ? 'Unix socket' : 'TCP'}), ${TILLS} tills, ${SECONDS} s: ${fmt(result)}`);
    console.log(`pgbench TPC-B, ${TILLS} clients, same server: ${tps.toFixed(0)} TPS`);
    console.log(`ratio orders/s ÷ pgbench TPS: ${(result.perSecond / tps).toFixed(2)}   (target ≥ 0.50; p99 target ≤ 50 ms)`);
  } finally {
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.query(`drop database if exists ${pgbenchDb} with (force)`);
    await admin.end();
  }
}

if (!args.includes('--skip-pglite')) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'till-bench-pglite-'));
  try {
    const server = await startServer({ port: port + 1, env: { DATA_DIR: dataDir } });
    const { owner, businessId } = await setUpShop(server.url);
    await server.stop();
    // Seed through the same embedded database while the server is stopped (PGlite has one session).
    const embedded = await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), extensions: { pg_trgm } });
    const productIds = await seedCatalogue((text, values) => embedded.query(text, values), businessId);
    await embedded.close();
    // The owner's session cookie is stored in the database, so it is valid for the restarted server.
    const restarted = await startServer({ port: port + 1, env: { DATA_DIR: dataDir } });
    const carts = await buildCarts(owner, productIds, 50);
    const till = fastClient(restarted.url, owner.cookie);
    await runTills(till, carts, 8, 2, restarted.pid);
    const result = await runTills(till, carts, 8, SECONDS, restarted.pid);
    await restarted.stop();
    console.log(`PGlite (embedded), 8 tills, ${SECONDS} s: ${fmt(result)}   (target ≥ 200 orders/s)`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
