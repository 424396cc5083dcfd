/** Playwright fixtures: one embedkit server per worker, and the scenario's well-known ids. */
import { test as base, expect, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { removeDataDir, startServer, type ServerHandle } from './server.js';

export const DEMO_APP = '1650000001-demoapp1';
export const ALICE = 'U0a11ce0000000000000000000000a11c';
export const BOB = 'U000000000000000000000000000000b0';
export const CHATS = {
  utou: 'UU0a11ce00000000000000000000000b0',
  room: 'R0000000000000000000000000000000a',
  group: 'C0000000000000000000000000000000a',
} as const;

export const test = base.extend<object, { server: ServerHandle }>({
  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startServer();
      await use(server);
      await server.stop();
      removeDataDir(server.dataDir);
    },
    { scope: 'worker' },
  ],
});
export { expect };

/** Deep link of the host with the demo app open. */
export function hostUrl(server: ServerHandle, params: Record<string, string> = {}): string {
  const q = new URLSearchParams({ app: DEMO_APP, user: ALICE, ...params });
  return `${server.baseUrl}/?${q}`;
}

/** The demo app inside the host's overlay, once its init has finished. */
export async function openDemo(page: Page, server: ServerHandle, params: Record<string, string> = {}): Promise<FrameLocator> {
  await page.goto(hostUrl(server, params));
  const app = page.frameLocator('#app-frame');
  await expect(app.locator('body')).toHaveAttribute('data-init', /ok|error/);
  return app;
}

/**
 * Clicks a button that removes the frame it is in (closeWindow, a sub window's close) or closes its
 * pop-up (`window.close()`). The click is scheduled inside the page and runs after the evaluation
 * has answered: a click Playwright waits on (its own, or a dispatched event) is retried when the
 * frame goes away mid-action, and then waits for a frame that is gone until the test times out.
 */
export async function clickClosingButton(button: Locator): Promise<void> {
  try {
    await button.evaluate((el) => {
      setTimeout(() => (el as HTMLElement).click(), 50);
    });
  } catch (err) {
    // The frame can go before the evaluation's answer arrives: the click ran, and the caller's
    // next assertion (the overlay closed) says whether it did what it should.
    if (!/Frame was detached|Execution context was destroyed|Target (page, context or browser )?(has been )?closed/.test(String(err)))
      throw err;
  }
}
