// Shared by the benchmarks: build, start the real server on a database, talk to it over HTTP.
import { spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import { mkdirSync, readFileSync } from 'node:fs';
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
    const lines = [0, 1, 2].map((offset) => ({ productId: productIds[(c * 3 + offset * 7) % productIds.length], quantity: 1 + ((c + offset) % 3) }));
    const probe = await request('POST', '/api/checkout', { idempotencyKey: randomUUID(), lines, payments: [{ method: 'card', amount: 0 }], expectedTotal: 0 });
    if (probe.status !== 422) throw new Error(`probe: ${JSON.stringify(probe.body)}`);
    carts.push({ lines, total: probe.body.error.serverTotal });
  }
  return carts;
}

