// A long chat: the host opens it on its newest page, loads older messages as the user
// scrolls up to the very first, comes back down to the newest, and never holds more than
// MAX_RENDERED (200) messages in the page.
import type { Page } from '@playwright/test';
import { ALICE, CHATS, expect, test } from '../support/fixtures.js';
import { removeDataDir, startServer, type ServerHandle } from '../support/server.js';

const COUNT = 600;

test('a chat of 600 messages scrolls back to its first message and down again with at most 200 in the page', async ({ page }) => {
  test.setTimeout(120_000);
  // A server of its own: 600 messages in the worker's shared room would move the screenshots of
  // the rendering tests that run after it on the same worker.
  const server = await startServer();
  try {
    await scrollThrough(page, server);
  } finally {
    await server.stop();
    removeDataDir(server.dataDir);
  }
});

async function scrollThrough(page: Page, server: ServerHandle): Promise<void> {
  for (let i = 0; i < COUNT; i++) {
    const res = await fetch(`${server.baseUrl}/embedkit/v1/chats/${CHATS.room}/messages`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ userId: ALICE, message: { type: 'text', text: `h-${i}` } }),
    });
    expect(res.status).toBe(200);
  }
  await page.goto(`${server.baseUrl}/?user=${ALICE}&context=none`);
  await page.locator(`.chat-item[data-chat-id="${CHATS.room}"]`).click();
  const list = page.locator('#chat-messages');
  const messages = list.locator('.message');
  await expect(list.getByText(`h-${COUNT - 1}`, { exact: true })).toBeVisible();
  expect(await messages.count()).toBeLessThanOrEqual(50);

  const first = list.getByText('h-0', { exact: true });
  let pagesUp = 0;
  while ((await first.count()) === 0 && pagesUp < 40) {
    const top = await messages.first().getAttribute('data-message-id');
    // Asked again until the older page is in: a list already at the top fires no scroll of its own.
    await expect(async () => {
      await list.evaluate((el) => {
        el.scrollTop = 0;
        el.dispatchEvent(new Event('scroll'));
      });
      await expect(messages.first()).not.toHaveAttribute('data-message-id', top!, { timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    expect(await messages.count()).toBeLessThanOrEqual(200);
    pagesUp++;
  }
  await expect(first).toBeVisible();
  expect(pagesUp).toBeGreaterThanOrEqual(11);
  await expect(page.locator('#chat-view')).toHaveAttribute('data-history', 'start');

  const last = list.getByText(`h-${COUNT - 1}`, { exact: true });
  let pagesDown = 0;
  while ((await last.count()) === 0 && pagesDown < 40) {
    const bottom = await messages.last().getAttribute('data-message-id');
    await expect(async () => {
      await list.evaluate((el) => {
        el.scrollTop = el.scrollHeight;
        el.dispatchEvent(new Event('scroll'));
      });
      await expect(messages.last()).not.toHaveAttribute('data-message-id', bottom!, { timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    expect(await messages.count()).toBeLessThanOrEqual(200);
    pagesDown++;
  }
  await list.evaluate((el) => (el.scrollTop = el.scrollHeight));
  await expect(last).toBeVisible();
  // Back at the newest message, the chat follows new ones again.
  await fetch(`${server.baseUrl}/embedkit/v1/chats/${CHATS.room}/messages`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ userId: ALICE, message: { type: 'text', text: 'after the scroll' } }),
  });
  await expect(list.getByText('after the scroll', { exact: true })).toBeVisible({ timeout: 10_000 });
}
