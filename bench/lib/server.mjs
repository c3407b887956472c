// Shared by the benchmarks: build, start the real server on a database (or run it in this process), talk to it.
import { spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import { mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function build(...targets) {
  const result = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs'), ...targets], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('build failed');
}

export async function startServer({ port, env, nodeArgs = [], timeoutMs = 30_000 }) {
  const child = spawn(process.execPath, [...nodeArgs, path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < timeoutMs / 50; i += 1) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/** A cookie-keeping JSON client. */
export function client(baseUrl) {
  let cookie = '';
  request.cookie = () => cookie;
  return request;
  async function request(method, pathname, body, headers = {}) {
    const response = await fetch(baseUrl + pathname, {
      method,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}), ...headers },
      body: body ? JSON.stringify(body) : undefined,
    });
    const setCookie = response.headers.getSetCookie().find((c) => c.startsWith('better-auth.session_token='));
    if (setCookie) cookie = setCookie.split(';')[0];
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  }
}

/**
 * The same client on node:http with a keep-alive agent: it costs this process about half the
 * CPU of fetch per request, and on a 2-core machine the load generator's CPU is taken from the
 * server under test (pgbench, the yardstick, is C). Only for the timed loops.
 */
export function fastClient(baseUrl, cookieFrom, sockets = 64) {
  const { hostname, port } = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  return function request(method, pathname, body) {
    const payload = body ? JSON.stringify(body) : undefined;
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          agent,
          hostname,
          port,
          method,
          path: pathname,
          headers: {
            ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
            cookie: cookieFrom(),
          },
        },
        (res) => {
          const chunks = [];
          res.on('data', (chunk) => chunks.push(chunk));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            resolve({ status: res.statusCode, body: text ? JSON.parse(text) : null });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  };
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** CPU seconds (user + system) a process has used so far, from /proc; null elsewhere. */
export function processCpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** Busy CPU seconds of the whole machine so far (all cores), from /proc/stat; null elsewhere. */
export function machineBusySeconds() {
  try {
    const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    const idle = ticks[3] + ticks[4];
    return (ticks.reduce((a, b) => a + b, 0) - idle) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** Where bundleServerModules puts a bench's bundle: beside the server's own, so migrations are found (../src/db/migrations). */
export const serverBundlePath = (name) => path.join(root, 'apps/server/dist', `bench-${name}.mjs`);

/**
 * The server's TypeScript modules a bench calls in process, bundled once (workspace sources in,
 * dependencies external). `exports` are lines like "export { openDatabase } from './apps/server/src/db/client.ts';".
 */
export async function bundleServerModules(name, exports) {
  const esbuild = await import('esbuild');
  const pkg = JSON.parse(readFileSync(path.join(root, 'apps/server/package.json'), 'utf8'));
  const external = Object.keys(pkg.dependencies).filter((dependency) => !dependency.startsWith('@till/'));
  const outfile = serverBundlePath(name);
  mkdirSync(path.dirname(outfile), { recursive: true });
  await esbuild.build({
    stdin: { contents: exports.join('\n'), resolveDir: root, sourcefile: 'bench-entry.ts', loader: 'ts' },
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: [...external, ...external.map((dependency) => `${dependency}/*`)],
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    logLevel: 'warning',
  });
  return outfile;
}

/** Carts of 3 lines; each cart's total is asked of the server once (a 422 carries it). */
export async function buildCarts(request, productIds, count) {
  const carts = [];
  for (let c = 0; c < count; c += 1) {
    const lines = [0, 1, 2].map((offset) => ({ product_id: productIds[(c * 3 + offset * 7) % productIds.length], quantity: 1 + ((c + offset) % 3) }));
    const probe = await request('POST', '/api/checkout', { idempotency_key: randomUUID(), lines, payments: [{ method: 'card', amount: 0 }], expected_total: 0 });
    if (probe.status !== 422) throw new Error(`probe: ${JSON.stringify(probe.body)}`);
    carts.push({ lines, total: probe.body.error.server_total });
  }
  return carts;
}


/** `--name value` from the command line as a number, else `fallback`. */
export function numberOption(name, fallback, args = process.argv.slice(2)) {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? Number(args[index + 1]) : fallback;
}

/** The modules every in-process bench bundles (database, app, services, config), then its own `extra` lines. */
export const appModules = (...extra) => [
  "export { openDatabase } from './apps/server/src/db/client.ts';",
  "export { createApp } from './apps/server/src/app.ts';",
  "export { createServices } from './apps/server/src/services.ts';",
  "export { parseConfig } from './apps/server/src/env.ts';",
  ...extra,
];

export const BENCH_SECRET = 'bench-secret-bench-secret-bench-secret-00';

/**
 * The server in this process: `server` is a bundle of appModules(); PGlite in memory (fsync off)
 * without `databaseUrl`, else a pool of `poolSize` on PostgreSQL; migrated. `request` calls the
 * HTTP app without a socket and keeps the session cookie; a JSON answer comes back parsed as
 * `body`, any other (a PDF) as its length in `bytes`. `sql` runs one statement on the raw client
 * (set-up, outside row-level security). `close` stops the background jobs, then the database.
 */
export async function openInProcess(server, databaseUrl, { poolSize = 4, dataDir = '/tmp' } = {}) {
  const database = await server.openDatabase(databaseUrl ? { databaseUrl, poolSize } : { pgliteFsync: false });
  await database.migrate();
  const config = server.parseConfig({ NODE_ENV: 'production', LOG_LEVEL: 'error', DATA_DIR: dataDir, BETTER_AUTH_SECRET: BENCH_SECRET });
  const services = await server.createServices(config, { database });
  const app = server.createApp(services);
  let cookie = '';
  const request = async (method, pathname, body) => {
    const res = await app.request(pathname, { method, headers: { 'content-type': 'application/json', cookie }, body: body && JSON.stringify(body) });
    const set = res.headers.getSetCookie().find((c) => c.startsWith('better-auth.session_token='));
    if (set) cookie = set.split(';')[0];
    const type = res.headers.get('content-type') ?? '';
    if (res.body && !type.includes('json')) return { status: res.status, bytes: (await res.arrayBuffer()).byteLength };
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  return {
    kind: databaseUrl ? 'PostgreSQL' : 'PGlite',
    database,
    services,
    app,
    request,
    sql: (text, params = []) => (database.pglite ?? database.db.$client).query(text, params),
    close: async () => {
      await services.stop();
      await database.close();
    },
  };
}

/** Throws unless the answer is a success; returns it. */
export function ok(label, res) {
  if (res.status >= 300) throw new Error(`${label}: ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}

/** Signs up a business and its owner (PIN 135790), turns `features` on; its ids. */
export async function signUpBusiness(request, { businessName = 'Bench Shop', industry, features } = {}) {
  ok('sign-up', await request('POST', '/api/auth/sign-up', { email: `bench-${randomUUID()}@example.com`, password: 'correct horse battery staple', business_name: businessName, ...(industry ? { industry } : {}) }));
  ok('owner', await request('POST', '/api/business/owner', { full_name: 'Bench Owner', pin: '135790' }));
  if (features) ok('features', await request('PATCH', '/api/business-settings', { enabled_features: features }));
  const me = ok('me', await request('GET', '/api/me')).body;
  return { businessId: me.business.id, userId: me.user.id };
}

/** A database of the bench's own on the server of `url` (named `prefix_<random>`), dropped afterwards. */
export async function withOwnDatabase(url, prefix, work) {
  const { default: pg } = await import('pg');
  const name = `${prefix}_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  try {
    return await work(own.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/**
 * `run(undefined)` on PGlite (unless BENCH_ONLY=postgres), then `run(url)` on PostgreSQL when
 * BENCH_DATABASE_URL is set: that database itself, or with `ownDatabase` (a prefix) a database
 * made for the run on its server and dropped afterwards.
 */
export async function onEachDatabase(run, { ownDatabase } = {}) {
  if (process.env.BENCH_ONLY !== 'postgres') await run(undefined);
  const url = process.env.BENCH_DATABASE_URL;
  if (url) await (ownDatabase ? withOwnDatabase(url, ownDatabase, run) : run(url));
}

/** The machine's 1-minute load average and its cores, for the figures' footnote. */
export function loadNote() {
  return `load average ${os.loadavg()[0].toFixed(1)} on ${os.availableParallelism()} cores`;
}

/**
 * Counts the statements the server sends while `work` runs (client round trips: what a trigger
 * runs inside one is not seen), on PGlite and on PostgreSQL. `{ result, statements, texts }`;
 * `texts` holds each one's wall time and its first 200 characters, in order.
 */
export async function countStatements(database, work) {
  const texts = [];
  const note = (text) => {
    const entry = { ms: 0, text: String(typeof text === 'object' && text !== null ? text.text : text).replace(/\s+/g, ' ').trim().slice(0, 200) };
    texts.push(entry);
    return entry;
  };
  const restore = [];
  const wrap = (target, method) => {
    const original = target[method];
    target[method] = function (text, ...rest) {
      const entry = note(text);
      const started = performance.now();
      const result = original.call(this, text, ...rest);
      if (result && typeof result.then === 'function') {
        return result.then(
          (value) => {
            entry.ms = performance.now() - started;
            return value;
          },
          (error) => {
            entry.ms = performance.now() - started;
            throw error;
          },
        );
      }
      return result;
    };
    restore.push(() => {
      target[method] = original;
    });
  };
  if (database.pglite) {
    const pglite = database.pglite;
    wrap(pglite, 'query');
    wrap(pglite, 'exec');
    const transaction = pglite.transaction;
    pglite.transaction = function (callback) {
      return transaction.call(this, (tx) => {
        wrap(tx, 'query');
        wrap(tx, 'exec');
        return callback(tx);
      });
    };
    restore.push(() => {
      pglite.transaction = transaction;
    });
  } else {
    const { default: pg } = await import('pg');
    wrap(pg.Client.prototype, 'query');
  }
  try {
    const result = await work();
    return { result, statements: texts.length, texts };
  } finally {
    for (const undo of restore.reverse()) undo();
  }
}
