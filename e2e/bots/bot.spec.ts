// A bot developer's loop in the host: the demo bot (demo/bot, built by scripts/build.mjs) runs as
// its own process against embedkit; the user chats with it from the phone, its answers appear
// live, "menu" shows a flex message and a buttons template whose actions reach the bot, and the
// webhook panel lists each delivery with its signature.
import { expect, test, ALICE } from '../support/fixtures.js';
import { startDemoBot } from '../support/demo-bot.js';

/** Alice's 1:1 chat with the default scenario's bot. */
const ALICE_BOT = 'UBa11ce0000000000000000000000a11c';

test('chat with the demo bot: echo, menu with flex and template, postback, media, and the webhook panel', async ({ page, server }) => {
  const bot = await startDemoBot(server);
  try {
    await page.goto(`${server.baseUrl}/?user=${ALICE}&context=utou&chat=${ALICE_BOT}`);
    await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
    await expect(page.locator('#chat-name')).toHaveText('Demo Bot');

    // Point the channel's webhook at the bot from the panel.
    await page.locator('#webhook-url').fill(bot.url);
    await page.locator('#webhook-save').click();
    await expect(page.locator('#webhook-note')).toContainText(bot.url);

    const fromBot = page.locator('#chat-messages .message[data-sender-type="bot"]');
    const input = page.locator('#chat-input');
    await input.fill('hello bot');
    await input.press('Enter');
    await expect(fromBot.filter({ hasText: 'hello bot' })).toHaveCount(1);

    await input.fill('menu');
    await page.locator('#chat-send').click();
    const flex = fromBot.and(page.locator('[data-message-type="flex"]'));
    const template = fromBot.and(page.locator('[data-message-type="template"]'));
    await expect(flex).toHaveCount(1);
    await expect(template).toHaveCount(1);

    // A postback button of the flex message reaches the bot, which answers.
    await flex.getByRole('button', { name: 'Order coffee' }).click();
    await expect(fromBot.filter({ hasText: 'Postback received: action=order&item=coffee' })).toHaveCount(1);
    // A postback button of the template too.
    await template.getByRole('button', { name: 'Ping' }).click();
    await expect(fromBot.filter({ hasText: 'Postback received: ping' })).toHaveCount(1);

    // A sticker, a location and an image from the composer.
    await page.locator('#chat-attach').click();
    await page.locator('[data-attach="sticker"]').click();
    await page.locator('[data-sticker]').first().click();
    await expect(fromBot.filter({ hasText: 'Nice sticker' })).toHaveCount(1);

    await page.locator('#chat-attach').click();
    await page.locator('[data-attach="location"]').click();
    await page.locator('#composer-location button[type="submit"]').click();
    await expect(fromBot.filter({ hasText: 'You are at Tokyo Station' })).toHaveCount(1);

    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
    await page.locator('#chat-attach').click();
    const chooser = page.waitForEvent('filechooser');
    await page.locator('[data-attach="image"]').click();
    await (await chooser).setFiles({ name: 'dot.png', mimeType: 'image/png', buffer: png });
    await expect(fromBot.filter({ hasText: `Got an image of ${png.length} bytes.` })).toHaveCount(1);

    // Every delivery is listed, delivered, with its body and signature.
    const delivered = page.locator('#webhook-list li.delivery[data-status="delivered"]');
    await expect.poll(() => delivered.count()).toBeGreaterThanOrEqual(7);
    // The worker's server may hold deliveries of earlier tests: this chat's first is the one of its first message.
    const first = delivered.filter({ hasText: '"text": "hello bot"' }).last();
    await first.locator('summary').click();
    await expect(first.locator('.delivery-signature code')).toHaveText(/^[A-Za-z0-9+/]{43}=$/);
    await expect(first.locator('.delivery-body')).toContainText('"text": "hello bot"');
  } finally {
    await bot.stop();
  }
});
