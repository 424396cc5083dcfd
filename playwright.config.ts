import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './e2e/support/chromium.js';

/**
 * End-to-end tests in Debian's Chromium (no browser download): each worker starts its own embedkit
 * server as a child process (see e2e/support/server.ts).
 */
export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  // On CI a test that fails once runs again and is reported as flaky, so one lost race does not
  // refuse a landing; locally every failure shows at once.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    viewport: { width: 1400, height: 900 },
    launchOptions: CHROMIUM_LAUNCH,
    trace: 'off',
  },
});
