import { availableParallelism } from 'node:os';
import { defineConfig, devices } from '@playwright/test';
import { chromiumPath } from './tests/e2e/chromium-path';

/** Browser journeys against the BUILT app (`npm run test:e2e` builds first), on Debian's Chromium. */
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Each worker drives its own Chromium against the one server: on a 2-core machine two of
  // them and the server's own work starve each other and journeys hit their limits (issue 32).
  workers: Number(process.env.E2E_WORKERS ?? (availableParallelism() > 2 ? 2 : 1)),
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    ...devices['Desktop Chrome'],
    baseURL,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    screenshot: 'on',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
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
  webServer: {
    // A fresh temporary DATA_DIR, migrated and seeded with the demo catalogue, every run.
    command: 'node tests/e2e/start-server.mjs',
    env: { E2E_PORT: String(port) },
    // Ready, not merely alive: the journeys start once the catalogue index is built, not
    // while the fresh server is still reading the 1,200 seeded listings (issue 32).
    url: `${baseURL}/api/ready`,
    timeout: 120_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
