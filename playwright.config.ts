import fs from 'node:fs';
import { defineConfig } from '@playwright/test';

// Browser tests (e2e/): the real app with real data, on a throw-away database (e2e/support/start-server.ts).
const PORT = Number(process.env.E2E_PORT ?? 3210);
const BASE_URL = `http://localhost:${PORT}`;

// Playwright can't download its browser on our machines: use Debian's chromium when it is there
// (CHROMIUM_PATH overrides), else Playwright's own (machines where `npx playwright install` works).
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const executablePath = fs.existsSync(chromiumPath) ? chromiumPath : undefined;

/** Specs that run with the service worker (see `projects`). */
const SERVICE_WORKER_SPECS = [/(^|\/)[\w-]*offline[\w-]*\.spec\.ts$/, /(^|\/)admin\.spec\.ts$/];

export default defineConfig({
  testDir: 'e2e',
  // Per port, so two runs side by side (E2E_PORT) don't empty each other's traces.
  outputDir: PORT === 3210 ? 'test-results' : `test-results/port-${PORT}`,
  // One worker: the machines have 2 cores, and the server and Postgres need one.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  use: {
    baseURL: BASE_URL,
    locale: 'sv-SE',
    timezoneId: 'Europe/Stockholm',
    // Recording a trace of every test costs about a sixth of the suite's time on 2 cores (read-only specs: 155 s →
    // 127 s without), and CI keeps only the printed output: traces locally, not in CI.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  // The service worker precaches the whole app shell (≈ 140 files, 2 MB) in every new browser context, i.e. in
  // every test, competing for the 2 cores with the page under test. Only the specs about it keep it: offline
  // reading (offline*.spec.ts, partner-offline*.spec.ts) and the admin sign-in (admin.spec.ts, whose OIDC
  // pages the worker must leave to the server). Everywhere else it is blocked; the app works without one.
  projects: [
    { name: 'chromium', testIgnore: SERVICE_WORKER_SPECS, use: { browserName: 'chromium', serviceWorkers: 'block' } },
    { name: 'chromium-sw', testMatch: SERVICE_WORKER_SPECS, use: { browserName: 'chromium', serviceWorkers: 'allow' } },
  ],
  webServer: {
    command: 'node --import tsx e2e/support/start-server.ts',
    url: `${BASE_URL}/api/ready`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { E2E_PORT: String(PORT) },
    // SIGTERM lets the server drop its database / stop the embedded Postgres (no orphan processes).
    gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
  },
});
