/**
 * How this machine launches Chromium, for the e2e tests (playwright.config.ts) and the browser
 * benchmarks alike: Debian's build (no browser download), headless, without a sandbox or GPU, and
 * without the background traffic (updates, sync, QUIC probes) that would disturb timings.
 */
import type { LaunchOptions } from '@playwright/test';

/** Playwright launch options of Debian's Chromium; `CHROMIUM_PATH` names another binary. */
export const CHROMIUM_LAUNCH: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};
