import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { findChromium } from './scripts/chromium.mjs';

const port = Number(process.env.E2E_PORT ?? 4317);
// Every run starts on a new embedded database, as a new user's machine would.
// Set once in the runner's process, so its workers (which load this file again) read the same one.
const dataDir = (process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'till-e2e-')));

export default defineConfig({
  testDir: './e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: '.tmp/playwright-results.json' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: findChromium() ?? undefined,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
    },
  },
  webServer: {
    command: 'node e2e/serve.mjs',
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    // A loaded machine may start the server slowly: E2E_SERVER_TIMEOUT_MS waits longer.
    timeout: Number(process.env.E2E_SERVER_TIMEOUT_MS ?? 60_000),
    // The AI provider is the loopback fake e2e/chatbot.spec.ts starts on the next port (apps/server/test/fake-openai.ts).
    env: { PORT: String(port), DATA_DIR: dataDir, OPENAI_BASE_URL: `http://127.0.0.1:${port + 1}/v1`, OPENAI_API_KEY: 'sk-e2e', SUPER_ADMIN_EMAILS: 'root@e2e.example,platform-root@e2e.example,templates-root@e2e.example,visual-root@e2e.example', LOG_LEVEL: 'error', SIGN_UP_LIMIT_PER_HOUR: '100000' },
  },
});
