import { defineConfig, devices } from '@playwright/test';

// scripts/test.mjs starts the production server and passes its URL; Chromium is
// Debian's (a test tool cannot download its own browser here).
const executablePath = process.env.CHROMIUM_PATH || undefined;

const AUDITS = /accessibility\.spec\.ts$/;

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  // One at a time: the journeys share the demo database, and each reads what the one before left. npm test runs the
  // accessibility audits (project audits), which change nothing a journey reads, beside them in a run of their own.
  workers: 1,
  retries: 0,
  forbidOnly: true,
  reporter: [
    ['list'],
    ['html', { open: 'never', outputFolder: 'playwright-report' }],
    // scripts/test.mjs reads the totals for its closing line.
    ['json', { outputFile: process.env.E2E_RESULTS_FILE ?? 'test-results/e2e-results.json' }],
  ],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000',
    // No trace unless asked for (`npm run test:e2e -- -- --trace on`): recording one for every journey, to keep the
    // failures', cost the browser suite about a third of its CPU and a fifth of its time on two cores. A failure still
    // leaves its screenshot and error-context.md, the page's accessibility tree where it stopped.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'journeys', testIgnore: AUDITS, use: { ...devices['Desktop Chrome'] } },
    { name: 'audits', testMatch: AUDITS, use: { ...devices['Desktop Chrome'] } },
  ],
});
