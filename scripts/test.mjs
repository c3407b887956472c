// `npm test`: every tier, each doing its own set-up. `--only <tier>` runs one tier:
// typecheck, lint, unit (packages/core and repo checks), api (server on PGlite, and on
// PostgreSQL when TEST_DATABASE_URL is set), e2e (Playwright in Chromium).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const onlyIndex = args.indexOf('--only');
const only = onlyIndex >= 0 ? args[onlyIndex + 1] : null;
const TIERS = ['typecheck', 'lint', 'unit', 'api', 'e2e'];
if (only && !TIERS.includes(only)) {
  console.error(`Unknown tier "${only}". Tiers: ${TIERS.join(', ')}`);
  process.exit(2);
}
const wants = (tier) => !only || only === tier;

function run(label, command, commandArgs, options = {}) {
  console.log(`\n▶ ${label}: ${command} ${commandArgs.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', ...options });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`✖ ${label} failed after ${seconds} s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${label} (${seconds} s)`);
}

/**
 * Runs independent checks two at a time (tsc and eslint use one core each), each one's output
 * printed whole when it ends so that nothing interleaves. Stops with the first failure's status.
 */
async function runTogether(jobs, concurrency = 2) {
  const queue = [...jobs];
  let failed = null;
  const worker = async () => {
    for (let job = queue.shift(); job && !failed; job = queue.shift()) {
      const started = Date.now();
      const status = await new Promise((resolve) => {
        const child = spawn(job.command, job.args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
        const output = [];
        child.stdout.on('data', (chunk) => output.push(chunk));
        child.stderr.on('data', (chunk) => output.push(chunk));
        child.on('close', (code) => {
          const seconds = ((Date.now() - started) / 1000).toFixed(1);
          console.log(`\n▶ ${job.label}: ${job.command} ${job.args.join(' ')}`);
          process.stdout.write(Buffer.concat(output));
          console.log(code === 0 ? `✔ ${job.label} (${seconds} s)` : `✖ ${job.label} failed after ${seconds} s`);
          resolve(code ?? 1);
        });
      });
      if (status !== 0) failed ??= status;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  if (failed) process.exit(failed);
}

// Dependencies: install when node_modules is missing or older than the lock file.
const lock = path.join(root, 'package-lock.json');
const installed = path.join(root, 'node_modules/.package-lock.json');
if (!existsSync(installed) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(installed).mtimeMs)) {
  run('install dependencies', 'npm', ['install', '--no-audit', '--no-fund']);
}

const node = process.execPath;
const bin = (name) => path.join(root, 'node_modules', name);
const counts = { passed: 0, failed: 0 };
function addVitestCounts(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  counts.passed += report.numPassedTests ?? 0;
  counts.failed += report.numFailedTests ?? 0;
}

// The static checks run two at a time: each tsc and eslint keeps one core busy.
const staticChecks = [];
if (wants('typecheck')) {
  // The web's API types are generated from the server's route schemas first (scripts/api-types.mjs),
  // so a response field renamed on the server fails the web's typecheck here.
  run('API types from the route schemas', node, [path.join(root, 'scripts/api-types.mjs')]);
  // The longest first (apps/server, then apps/web), so that the two chains end together.
  for (const project of ['apps/server', 'apps/web', 'packages/core', '.']) {
    staticChecks.push({ label: `typecheck ${project}`, command: node, args: [bin('typescript/bin/tsc'), '-p', project, '--noEmit'] });
  }
}
// Lint is the longest check: it starts first.
if (wants('lint')) staticChecks.unshift({ label: 'lint', command: node, args: [bin('eslint/bin/eslint.js'), '.', '--max-warnings=0'] });
if (staticChecks.length) await runTogether(staticChecks);

const vitest = (label, projects, report) =>
  run(label, node, [bin('vitest/vitest.mjs'), 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);

if (wants('unit')) {
  vitest('unit tests', ['core', 'web', 'repo'], '.tmp/vitest-unit.json');
  addVitestCounts(path.join(root, '.tmp/vitest-unit.json'));
}
if (wants('api')) {
  const projects = ['server', 'server-units', ...(process.env.TEST_DATABASE_URL ? ['server-postgres'] : [])];
  if (!process.env.TEST_DATABASE_URL) console.log('TEST_DATABASE_URL is not set: API tests run on embedded PGlite only.');
  vitest(`API tests (${projects.join(', ')})`, projects, '.tmp/vitest-api.json');
  addVitestCounts(path.join(root, '.tmp/vitest-api.json'));
}
if (wants('e2e')) {
  const { ensureChromium } = await import('./chromium.mjs');
  const chromium = ensureChromium();
  run('build', node, [path.join(root, 'scripts/build.mjs')]);
  run('end-to-end tests (Chromium)', node, [bin('@playwright/test/cli.js'), 'test'], { env: { ...process.env, CHROMIUM_PATH: chromium } });
  const reportFile = path.join(root, '.tmp/playwright-results.json');
  if (existsSync(reportFile)) {
    const stats = JSON.parse(readFileSync(reportFile, 'utf8')).stats ?? {};
    counts.passed += stats.expected ?? 0;
    counts.failed += (stats.unexpected ?? 0) + (stats.flaky ?? 0);
  }
}

console.log(`\nAll requested tiers passed${only ? ` (${only})` : ''}.`);
console.log(`${counts.passed} passed, ${counts.failed} failed`);
