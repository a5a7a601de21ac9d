import { defineConfig } from '@playwright/test';
import { chromiumFlags, chromiumPath } from './scripts/lib/chromium.ts';

/**
 * Browser journeys against the local stack (`npm run dev`, or scripts/e2e.ts which starts a fresh
 * one): the Hosting emulator on :5000 serves web/dist and rewrites /web/** to the function.
 * Debian's Chromium: Playwright cannot download its own browser here.
 */
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  // One shared stack and database: journeys run one after another.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:5000',
    locale: 'nl-NL',
    timezoneId: 'Europe/Amsterdam',
    viewport: { width: 1366, height: 900 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumFlags,
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
