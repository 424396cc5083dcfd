// The account-link flow in the phone: a bot issues a link token and sends the user a
// button to its linking page; the page sends the user on to the platform's account-link page in
// the in-app browser, which says the accounts are linked, and the bot gets `accountLink` with the
// nonce. Opening the same link again shows an error and sends nothing.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, BOB } from '../support/fixtures.js';
import { botPost, channelToken, DEMO_CHANNEL, setWebhook } from '../support/platform.js';

// Bob's chat: the other tests of a worker's server use Alice's (the server is shared per worker).
const BOB_BOT = 'UB00000000000000000000000000000b0';

test('a user links their account from a bot message; a used link shows an error', async ({ page, server }) => {
  const bot = botPost(server.baseUrl, await channelToken(server.baseUrl));
  await setWebhook(server.baseUrl, DEMO_CHANNEL.id, null);

  // The provider's linking page: it knows its user, makes a nonce, and sends the user to the platform.
  const provider: Server = createServer((req, res) => {
    const linkToken = new URL(req.url ?? '/', 'http://x').searchParams.get('linkToken') ?? '';
    res
      .writeHead(302, {
        Location: `${server.baseUrl}/dialog/bot/accountLink?linkToken=${encodeURIComponent(linkToken)}&nonce=provider-nonce-1`,
      })
      .end();
  });
  await new Promise<void>((r) => provider.listen(0, '127.0.0.1', r));
  try {
    const { linkToken } = (await (await bot(`/v2/bot/user/${BOB}/linkToken`)).json()) as { linkToken: string };
    const linkUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/link?linkToken=${linkToken}`;
    const push = await bot('/v2/bot/message/push', {
      to: BOB,
      messages: [
        {
          type: 'template',
          altText: 'Link your account',
          template: { type: 'buttons', text: 'Link your account', actions: [{ type: 'uri', label: 'Link account', uri: linkUrl }] },
        },
      ],
    });
    expect(push.status).toBe(200);

    await page.goto(`${server.baseUrl}/?user=${BOB}&context=utou&chat=${BOB_BOT}`);
    await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
    await page.locator('#chat-messages .message.bot').getByRole('button', { name: 'Link account' }).last().click();
    const browser = page.frameLocator('#inapp-frame');
    await expect(browser.locator('#account-link-result')).toHaveText('Accounts linked');
    await expect(page.locator('#webhook-list li.delivery').filter({ hasText: 'accountLink' })).toHaveCount(1);
    await page.locator('#webhook-list li.delivery').filter({ hasText: 'accountLink' }).locator('summary').click();
    await expect(page.locator('#webhook-list li.delivery').filter({ hasText: 'accountLink' }).locator('.delivery-body')).toContainText(
      '"nonce": "provider-nonce-1"',
    );

    // The same link again: the user sees why, the bot gets nothing more.
    await page.locator('#inapp-close').click();
    await page.locator('#chat-messages .message.bot').getByRole('button', { name: 'Link account' }).last().click();
    await expect(browser.locator('#account-link-result')).toHaveAttribute('data-result', 'used');
    await expect(page.locator('#webhook-list li.delivery').filter({ hasText: 'accountLink' })).toHaveCount(1);
  } finally {
    provider.closeAllConnections();
    await new Promise((r) => provider.close(r));
  }
});
