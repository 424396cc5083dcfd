// The first minutes of a new user: `npm start` (the CLI) runs the default world's demo bots inside
// embedkit, so Demo Bot, Enterprise Bot and Trial Bot each answer a person at once; started with
// --no-demo-bot, the chat says that nothing listens at the bot's URL and what to do.
import { createServer } from 'node:net';
import { expect, test, ALICE } from '../support/fixtures.js';
import { removeDataDir, startServer, type ServerHandle } from '../support/server.js';

const CHATS = [
  { bot: 'Demo Bot', chatId: 'UBa11ce0000000000000000000000a11c', answer: 'hello' },
  { bot: 'Enterprise Bot', chatId: 'UEa11ce0000000000000000000000a11c', answer: 'echo: hello' },
  { bot: 'Trial Bot', chatId: 'UTa11ce0000000000000000000000a11c', answer: 'echo: hello' },
];

/** Whether something accepts connections on 127.0.0.1:`port`. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(true));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(false)));
  });
}

test.describe('npm start', () => {
  let server: ServerHandle;
  test.beforeAll(async () => {
    server = await startServer(undefined, [], { demoBots: true });
  });
  test.afterAll(async () => {
    await server.stop();
    removeDataDir(server.dataDir);
  });

  test('the ready line says where each demo bot answers', () => {
    for (const { bot } of CHATS) expect(server.output()).toMatch(new RegExp(`${bot}: answers at http://127\\.0\\.0\\.1:\\d+/demo/bot/`));
  });

  for (const { bot, chatId, answer } of CHATS)
    test(`a person writes to ${bot} and gets its answer within 2 s`, async ({ page }) => {
      await page.goto(`${server.baseUrl}/?user=${ALICE}&context=utou&chat=${chatId}`);
      await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
      await expect(page.locator('#chat-name')).toHaveText(bot);
      await page.locator('#chat-input').fill('hello');
      await page.locator('#chat-input').press('Enter');
      const fromBot = page.locator('#chat-messages .message[data-sender-type="bot"]');
      await expect(fromBot.filter({ hasText: answer })).toHaveCount(1, { timeout: 2000 });
      await expect(page.locator('.delivery-notice')).toHaveCount(0);
    });
  test('the LIFF demo sells 100 Coins out of the box: consent, the App Store’s sheet, the coins, the notice, and a refund', async ({
    page,
  }) => {
    await page.goto(`${server.baseUrl}/?user=${ALICE}&app=1650000001-liffapp1`);
    const app = page.frameLocator('#app-frame');
    await expect(app.locator('body')).toHaveAttribute('data-init', 'ok', { timeout: 15_000 });
    await expect(app.locator('#coins')).toHaveText('You have 0 coins.');
    // The demo starts with openid alone (the channel consent simplification): Alice lets it read her
    // profile on the permission request screen, so its shop greets her by name.
    await app.locator('#profile').click();
    await page.locator('#consent-screen[data-kind="permission-request"] #consent-allow').click();
    await expect(app.locator('#action')).toContainText('"idTokenName":"Alice"');
    await app.locator('#iap-products li[data-product-id="iap_ln_002"] button').click();
    await page.locator('#iap-consent-agree').click();
    await expect(page.locator('#iap-payment [data-store]')).toHaveText('App Store');
    await page.locator('#iap-pay').click();
    // The demo's shop granted the coins on purchaseComplete, and confirmed with a service message.
    await expect(app.locator('#coins')).toHaveText('You have 100 coins.', { timeout: 5000 });
    await page.goto(`${server.baseUrl}/?user=${ALICE}&context=none`);
    const notice = page.locator('#chat-list li:first-child [data-service-chat]');
    await expect(notice.locator('.chat-item-preview')).toHaveText('Thank you for your order');
    await notice.click();
    const card = page.locator('#service-chat .service-card');
    await expect(card.locator('.service-card-items dd')).toHaveText([/^\d{4}-\d{2}-\d{2}$/, 'Alice']);
    await expect(card.locator('.service-card-footer')).toHaveText('LIFF demo');

    // A refund from the host's Bot tools: refundComplete reaches the shop, which takes the coins back.
    await page.locator('#iap-tool summary').click();
    const paid = page.locator('#iap-orders .iap-order[data-status="paid"]');
    await expect(paid).toContainText('100 Coins');
    await paid.locator('.iap-refund').click();
    await expect(page.locator('#iap-orders .iap-order')).toHaveAttribute('data-status', 'refunded');
    await page.goto(`${server.baseUrl}/?user=${ALICE}&app=1650000001-liffapp1`);
    await expect(page.frameLocator('#app-frame').locator('#coins')).toHaveText('You have 0 coins.', { timeout: 15_000 });
  });
});

test.describe('npm start -- --no-demo-bot', () => {
  let server: ServerHandle;
  test.beforeAll(async () => {
    server = await startServer(undefined, ['--no-demo-bot']);
  });
  test.afterAll(async () => {
    await server.stop();
    removeDataDir(server.dataDir);
  });

  test('the chat shows one muted line naming the URL where nothing listens, and what to do', async ({ page }) => {
    expect(server.output()).toContain('demo bots       off');
    // The default world's webhook (npm run demo:bot's address), unless this machine runs something there.
    let url = 'http://127.0.0.1:3000/webhook';
    if (await listening(3000)) {
      const free = createServer();
      const port = await new Promise<number>((r) => free.listen(0, '127.0.0.1', () => r((free.address() as { port: number }).port)));
      await new Promise((r) => free.close(r));
      url = `http://127.0.0.1:${port}/webhook`;
      await fetch(`${server.baseUrl}/embedkit/v1/channels/1650000001/webhook`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ url }),
      });
    }
    await page.goto(`${server.baseUrl}/?user=${ALICE}&context=utou&chat=${CHATS[0]!.chatId}`);
    await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
    await page.locator('#chat-input').fill('hello');
    await page.locator('#chat-input').press('Enter');
    const notice = page.locator('#chat-messages .delivery-notice');
    await expect(notice).toHaveCount(1);
    await expect(notice).toHaveText(
      `Demo Bot cannot answer: nothing listens at ${url}. Start your bot, or set its URL in the Webhooks panel.`,
    );
    // Muted: the chat's own notices' look, not a message bubble.
    await expect(notice.locator('.system-text')).toBeVisible();
    // A second message while the bot is still away: still one line.
    await page.locator('#chat-input').fill('anyone?');
    await page.locator('#chat-input').press('Enter');
    await expect(page.locator('#chat-messages .message.mine')).toHaveCount(2);
    await expect(notice).toHaveCount(1);
  });
});
