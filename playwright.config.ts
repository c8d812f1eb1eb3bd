import fs from 'node:fs';
import { defineConfig } from '@playwright/test';

// Browser tests (e2e/): the real app with real data, on a throw-away database (e2e/support/start-server.ts).
const PORT = Number(process.env.E2E_PORT ?? 3210);
const BASE_URL = `http://localhost:${PORT}`;

// Playwright can't download its browser on our machines: use Debian's chromium when it is there
// (CHROMIUM_PATH overrides), else Playwright's own (machines where `npx playwright install` works).
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const executablePath = fs.existsSync(chromiumPath) ? chromiumPath : undefined;

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
    serviceWorkers: 'allow',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
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
