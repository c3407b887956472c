import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { findChromium } from './scripts/chromium.mjs';

// Lanes: each Playwright worker drives its own server on its own embedded database, so journeys run
// two at a time on the 2-core machine without seeing each other's platform-wide state (feature flags,
// plans, branding, the mail sink). A worker takes the next spec file from one shared queue, so the
// lanes stay balanced; within a lane files run one after another in the usual order.
// One lane by default: on this 2-core machine two lanes took 18.7 minutes for the whole tier against
// 14.2 for one (two Chromiums and two servers contend); E2E_WORKERS=2 runs two where cores allow.
const lanes = Math.max(1, Number(process.env.E2E_WORKERS ?? 1));
// Set once in the runner's process, so its workers (which load this file again) read the same ones.
const basePort = Number((process.env.E2E_BASE_PORT ??= process.env.E2E_PORT ?? '4317'));
// Every run starts on new embedded databases, as a new user's machine would.
const baseDataDir = (process.env.E2E_BASE_DATA_DIR ??= process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'till-e2e-')));
// A lane's server listens on basePort + 100 × lane (chatbot.spec.ts and ai-modules.spec.ts take ports just above it).
const lanePort = (lane: number) => basePort + 100 * lane;
const laneDataDir = (lane: number) => path.join(baseDataDir, `lane-${lane}`);

// In a worker (TEST_PARALLEL_INDEX is set by Playwright), E2E_PORT and E2E_DATA_DIR name this worker's
// lane, before any spec file reads them.
const workerLane = process.env.TEST_PARALLEL_INDEX === undefined ? 0 : Number(process.env.TEST_PARALLEL_INDEX) % lanes;
process.env.E2E_PORT = String(lanePort(workerLane));
process.env.E2E_DATA_DIR = laneDataDir(workerLane);

export default defineConfig({
  testDir: './e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: lanes,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: '.tmp/playwright-results.json' }]],
  use: {
    baseURL: `http://localhost:${lanePort(workerLane)}`,
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: findChromium() ?? undefined,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
    },
  },
  webServer: Array.from({ length: lanes }, (_, lane) => {
    const port = lanePort(lane);
    mkdirSync(laneDataDir(lane), { recursive: true });
    return {
      command: 'node e2e/serve.mjs',
      url: `http://localhost:${port}/api/health`,
      reuseExistingServer: false,
      // A loaded machine may start the server slowly: E2E_SERVER_TIMEOUT_MS waits longer.
      timeout: Number(process.env.E2E_SERVER_TIMEOUT_MS ?? 90_000),
      // The AI provider is the loopback fake e2e/chatbot.spec.ts starts on the next port (apps/server/test/fake-openai.ts).
      env: { PORT: String(port), DATA_DIR: laneDataDir(lane), OPENAI_BASE_URL: `http://127.0.0.1:${port + 1}/v1`, OPENAI_API_KEY: 'sk-e2e', SUPER_ADMIN_EMAILS: 'root@e2e.example,platform-root@e2e.example,templates-root@e2e.example,visual-root@e2e.example', LOG_LEVEL: 'error', SIGN_UP_LIMIT_PER_HOUR: '100000' },
    };
  }),
});
