// Seconds from `npm start` to a healthy GET /api/health, on a new data folder and on an
// existing one (target ≤ 3 s). Builds first so that the figures are start-up, not build time.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RUNS = Number(process.argv[2] ?? 3);
const PORT = 4391;

spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });

async function timeToHealthy(dataDir) {
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'error' },
    stdio: 'ignore',
    detached: true,
  });
  let seconds = null;
  while (performance.now() - started < 60_000) {
    try {
      const response = await fetch(`http://127.0.0.1:${PORT}/api/health`);
      if (response.ok && (await response.json()).db === 'ok') {
        seconds = (performance.now() - started) / 1000;
        break;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  process.kill(-child.pid, 'SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  if (seconds === null) throw new Error('server did not become healthy within 60 s');
  return seconds;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const fresh = [];
const existing = [];
for (let run = 0; run < RUNS; run += 1) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'till-bench-'));
  fresh.push(await timeToHealthy(dataDir));
  existing.push(await timeToHealthy(dataDir));
  rmSync(dataDir, { recursive: true, force: true });
}
const fmt = (values) => `median ${median(values).toFixed(2)} s (runs: ${values.map((v) => v.toFixed(2)).join(', ')})`;
console.log(`npm start -> healthy, new data folder:      ${fmt(fresh)}`);
console.log(`npm start -> healthy, existing data folder: ${fmt(existing)}   target <= 3 s`);
