// A LINE MINI App's own URLs (docs/platform/mini-apps.md, "The MINI App's own URLs"): a link to
// `https://miniapp.line.me/{liffId}` or to the verified MINI App's Custom Path, tapped in a chat,
// opens the MINI App in the host with the page below it reaching the app through `liff.state`;
// so does the host's address (`?open=`), and the app's permanent links name the Custom Path.
import type { Page } from '@playwright/test';
import { ALICE, CHATS, expect, test } from '../support/fixtures.js';
import type { ServerHandle } from '../support/server.js';

const LIFF_APP = '1650000001-liffapp1';

/** Alice sends `text` into her 1:1 chat with the bot, and the host shows that chat. */
async function chatWithLink(page: Page, server: ServerHandle, text: string): Promise<void> {
  const res = await fetch(`${server.baseUrl}/embedkit/v1/chats/${CHATS.utou}/messages`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ userId: ALICE, message: { type: 'text', text } }),
  });
  expect(res.status).toBe(200);
  await page.goto(`${server.baseUrl}/?user=${ALICE}&context=utou&chat=${CHATS.utou}`);
}

/** The open app's report, once its init finished. */
async function report(page: Page): Promise<Record<string, unknown>> {
  const app = page.frameLocator('#app-frame');
  await expect(app.locator('body')).toHaveAttribute('data-init', 'ok', { timeout: 15_000 });
  return JSON.parse((await app.locator('#report').textContent()) ?? '{}') as Record<string, unknown>;
}

test.describe("a MINI App's own URLs", () => {
  for (const [name, url] of [
    ['its LIFF ID', `https://miniapp.line.me/${LIFF_APP}/index.html?item=7`],
    ['its Custom Path', 'https://miniapp.line.me/embedkit_demo/index.html?item=7'],
  ] as const) {
    test(`a link to ${name} in a chat opens the MINI App at the page below it`, async ({ page, server }) => {
      await chatWithLink(page, server, `Our shop: ${url}`);
      await page.locator('#chat-messages .m-text a.m-link', { hasText: url }).last().click();
      await expect(page.locator('#inapp-browser')).toHaveCount(0);
      const r = await report(page);
      expect(r.page).toBe('/demo/liff-app/index.html?item=7');
      expect((r.context as { liffId: string }).liffId).toBe(LIFF_APP);
      // Its permanent links are the MINI App's own.
      expect(r.permanentLink).toEqual({ ok: 'https://miniapp.line.me/embedkit_demo/index.html?item=7' });
    });
  }

  test('the address opens it as a QR code does: no chat', async ({ page, server }) => {
    const open = 'https://miniapp.line.me/embedkit_demo/index.html?item=8';
    await page.goto(`${server.baseUrl}/?${new URLSearchParams({ user: ALICE, open, launch: 'qr-code' })}`);
    const r = await report(page);
    expect(r.page).toBe('/demo/liff-app/index.html?item=8');
    expect((r.context as { type: string }).type).toBe('none');
  });

  test('a miniapp.line.me link that names no app of the world opens the in-app browser', async ({ page, server }) => {
    await page.route(/^https:\/\/miniapp\.line\.me\//, (route) => route.fulfill({ contentType: 'text/html', body: '<p>stub page</p>' }));
    await chatWithLink(page, server, 'https://miniapp.line.me/nobody_here');
    await page.locator('#chat-messages .m-text a.m-link', { hasText: 'nobody_here' }).last().click();
    await expect(page.locator('#inapp-browser')).toHaveAttribute('data-url', 'https://miniapp.line.me/nobody_here');
  });
});
