// v1 bots in the host: a bot written for the enterprise and trial interfaces runs as
// its own HTTP server, verifies each callback's signature and answers with Post Events; a person
// chats with both bots in the phone, taps a rich message's area, sees a link message, shares a
// contact, and the webhook panel shows block operations once the switch is on.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, ALICE, BOB } from '../support/fixtures.js';
import { startDemoBot } from '../support/demo-bot.js';
import { channelToken, putJson, setWebhook } from '../support/platform.js';

const ENTERPRISE = { id: '1650000002', secret: '1e2d3c4b5a69788796a5b4c3d2e1f0a1' };
const TRIAL = { id: '1650000003', secret: '2f3e4d5c6b7a8998a7b6c5d4e3f2a1b0', mid: 'u7a1b0000000000000000000000000001' };
const ALICE_TRIAL = 'UTa11ce0000000000000000000000a11c';
const ALICE_ENTERPRISE = 'UEa11ce0000000000000000000000a11c';
const BOB_TRIAL = 'UT00000000000000000000000000000b0';
const BOB_ENTERPRISE = 'UE00000000000000000000000000000b0';
/** A 1x1 PNG: the rich message's image at every width. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** The rich message's markup: the left half opens a link, the right half says "hi". */
function richMarkup(): string {
  return JSON.stringify({
    canvas: { width: 1040, height: 520, initialScene: 'scene1' },
    images: { image1: { x: 0, y: 0, w: 1040, h: 520 } },
    actions: {
      open: { type: 'web', text: 'Open the shop', params: { linkUri: 'https://example.com/shop' } },
      say: { type: 'sendMessage', text: 'Say hi', params: { text: 'hi' } },
    },
    scenes: {
      scene1: {
        draws: [{ image: 'image1', x: 0, y: 0, w: 1040, h: 520 }],
        listeners: [
          { type: 'touch', params: [0, 0, 520, 520], action: 'open' },
          { type: 'touch', params: [520, 0, 520, 520], action: 'say' },
        ],
      },
    },
  });
}

/**
 * A v1 bot for both channels, as its developer would write it: each callback's signature checked
 * with the channel secret, text answered with an echo, "rich" and "link" with those messages, a
 * shared contact acknowledged.
 */
async function startV1Bot(urls: { base: string; trialbot: string }): Promise<{ url: string; server: Server; refused: () => number }> {
  const token = await channelToken(urls.base, ENTERPRISE);
  let refused = 0;
  const server = createServer((req, res) => {
    if (req.method === 'GET' && req.url?.startsWith('/rich/')) return void res.writeHead(200, { 'Content-Type': 'image/png' }).end(PNG);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const raw = Buffer.concat(chunks);
      const envelope = JSON.parse(raw.toString('utf8')) as {
        result: { toChannel: number; eventType: string; content: Record<string, any> }[];
      };
      const channel = envelope.result[0]?.toChannel === Number(TRIAL.id) ? TRIAL : ENTERPRISE;
      const expected = createHmac('sha256', channel.secret).update(raw).digest();
      const given = Buffer.from(String(req.headers['x-service-channelsignature'] ?? ''), 'base64');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        refused++;
        return void res.writeHead(401).end();
      }
      res.end('OK');
      for (const e of envelope.result) {
        if (e.eventType !== '138311609000106303') continue;
        const c = e.content;
        let body: Record<string, unknown>;
        const to = [c.from];
        if (c.contentType === 10)
          body = {
            to,
            toChannel: 1383378250,
            eventType: '138311608800106203',
            content: { toType: 1, contentType: 1, text: `got the contact of ${c.contentMetadata.displayName}` },
          };
        else if (c.text === 'rich')
          body = {
            to,
            toChannel: 1383378250,
            eventType: '138311608800106203',
            content: {
              toType: 1,
              contentType: 12,
              contentMetadata: {
                DOWNLOAD_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/rich`,
                SPEC_REV: '1',
                ALT_TEXT: 'Shop',
                MARKUP_JSON: richMarkup(),
              },
            },
          };
        else if (c.text === 'link')
          body = {
            to,
            toChannel: '1341301715',
            eventType: '137299299800026303',
            content: {
              templateId: 'welcome',
              textParams: { name: 'Alice' },
              subTextParams: { order: 'A-1' },
              linkUriParams: { order: 'A-1' },
            },
          };
        else
          body = {
            to,
            toChannel: 1383378250,
            eventType: '138311608800106203',
            content: { toType: 1, contentType: 1, text: `echo: ${c.text}` },
          };
        const headers: Record<string, string> =
          channel === TRIAL
            ? { 'X-Service-ChannelID': TRIAL.id, 'X-Service-ChannelSecret': TRIAL.secret, 'X-Service-Trusted-User-With-ACL': TRIAL.mid }
            : { 'X-Service-ChannelToken': token };
        await fetch(`${channel === TRIAL ? urls.trialbot : urls.base}/v1/events`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json; charset=UTF-8', ...headers },
          body: JSON.stringify(body),
        });
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`, server, refused: () => refused };
}

test('a person chats with the trial and enterprise bots: echo, rich message, link message, contact, block operations', async ({
  page,
  server,
}) => {
  const world = (await (await fetch(`${server.baseUrl}/embedkit/v1/world`)).json()) as { urls: { base: string; trialbot: string } };
  const bot = await startV1Bot(world.urls);
  try {
    for (const c of [TRIAL, ENTERPRISE]) await setWebhook(server.baseUrl, c.id, bot.url);

    await page.goto(`${server.baseUrl}/?user=${ALICE}&context=utou&chat=${ALICE_TRIAL}`);
    await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
    await expect(page.locator('#chat-name')).toHaveText('Trial Bot');
    const fromBot = page.locator('#chat-messages .message[data-sender-type="bot"]');
    const input = page.locator('#chat-input');
    await input.fill('hello trial');
    await input.press('Enter');
    await expect(fromBot.filter({ hasText: 'echo: hello trial' })).toHaveCount(1);

    // The rich message: its image at a width the spec allows, and an area that sends its text.
    await input.fill('rich');
    await input.press('Enter');
    const rich = fromBot.locator('.m-imagemap').last();
    await expect(rich).toBeVisible();
    await expect(rich.locator('img')).toHaveAttribute('src', /\/rich\/(240|300|460|700|1040)$/);
    await rich.getByRole('button', { name: 'Say hi' }).click();
    await expect(page.locator('#chat-messages .message.mine').filter({ hasText: /^hi/ })).toHaveCount(1);
    await expect(fromBot.filter({ hasText: 'echo: hi' })).toHaveCount(1);

    // The enterprise bot: a link message, and a shared contact.
    await page.goto(`${server.baseUrl}/?user=${ALICE}&context=utou&chat=${ALICE_ENTERPRISE}`);
    await expect(page.locator('#chat-name')).toHaveText('Enterprise Bot');
    await input.fill('link');
    await input.press('Enter');
    const link = fromBot.locator('.m-linkmsg').last();
    await expect(link.locator('.m-linkmsg-text b')).toHaveText('Alice');
    await expect(link.locator('.m-linkmsg-subtext')).toHaveText('Order A-1');
    await expect(link.getByRole('button', { name: 'Open order' })).toBeVisible();

    await page.locator('#chat-attach').click();
    await page.locator('[data-attach="contact"]').click();
    await page.locator('#composer-contacts [data-contact]').filter({ hasText: 'Bob' }).click();
    await expect(page.locator('#chat-messages .message.mine .m-contact')).toContainText('Bob');
    await expect(fromBot.filter({ hasText: 'got the contact of Bob' })).toHaveCount(1);

    // Block operations: off by default; once the switch is on, a block reaches the bot as operation 8.
    await page.locator('#webhook-channel').selectOption(TRIAL.id);
    await expect(page.locator('#webhook-block-ops')).not.toBeChecked();
    await page.locator('#webhook-block-ops').check();
    await expect(page.locator('#webhook-note')).toContainText('operations 8 and 4');
    await putJson(`${server.baseUrl}/embedkit/v1/users/${ALICE}/friendships/${TRIAL.id}`, { state: 'blocked' });
    await expect(page.locator('#webhook-list li.delivery[data-status="delivered"]').filter({ hasText: 'operation 8' })).toHaveCount(1);
    expect(bot.refused()).toBe(0);
    // Leave the world as it was for the next test of this server.
    await putJson(`${server.baseUrl}/embedkit/v1/users/${ALICE}/friendships/${TRIAL.id}`, { state: 'friend' });
    await page.locator('#webhook-block-ops').uncheck();
  } finally {
    bot.server.closeAllConnections();
    await new Promise((r) => bot.server.close(r));
  }
});

test('the demo bot answers the default Enterprise Bot and Trial Bot', async ({ page, server }) => {
  const bot = await startDemoBot(server);
  try {
    const callbacks = bot.url.replace(/\/webhook$/, '');
    await setWebhook(server.baseUrl, TRIAL.id, `${callbacks}/v1/trial`);
    await setWebhook(server.baseUrl, ENTERPRISE.id, `${callbacks}/v1/enterprise`);
    // Bob's chats: the test above used (and blocked and unblocked) Alice's.
    await page.goto(`${server.baseUrl}/?user=${BOB}&context=utou&chat=${BOB_TRIAL}`);
    await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
    const fromBot = page.locator('#chat-messages .message[data-sender-type="bot"]');
    await page.locator('#chat-input').fill('hello');
    await page.locator('#chat-input').press('Enter');
    await expect(fromBot.filter({ hasText: 'echo: hello' })).toHaveCount(1);
    await page.locator('#chat-input').fill('rich');
    await page.locator('#chat-input').press('Enter');
    await expect(fromBot.locator('.m-imagemap img').last()).toHaveAttribute('src', '/host/samples/imagemap.svg', { timeout: 20_000 });

    await page.goto(`${server.baseUrl}/?user=${BOB}&context=utou&chat=${BOB_ENTERPRISE}`);
    await page.locator('#chat-input').fill('link');
    await page.locator('#chat-input').press('Enter');
    await expect(fromBot.locator('.m-linkmsg-text b').last()).toHaveText('friend', { timeout: 20_000 });
  } finally {
    await bot.stop();
  }
});
