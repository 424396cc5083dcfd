// Rich menus in the host: a menu made with the official SDK appears under the bot chat,
// its chat bar text opens and closes it, a tap on a postback area reaches the bot as a postback
// event, a per-user menu differs between two users, and a richmenuswitch area switches the menu.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { channelAccessToken, messagingApi } from '@line/bot-sdk';
import { PNG } from 'pngjs';
import { expect, test, ALICE, BOB } from '../support/fixtures.js';
import { DEMO_CHANNEL as CHANNEL, setWebhook } from '../support/platform.js';

const ALICE_BOT = 'UBa11ce0000000000000000000000a11c';
const BOB_BOT = 'UB00000000000000000000000000000b0';

function png(width: number, height: number): Blob {
  const image = new PNG({ width, height });
  image.data.fill(0xc0);
  return new Blob([new Uint8Array(PNG.sync.write(image))], { type: 'image/png' });
}

/** A webhook receiver on 127.0.0.1 keeping every event. */
async function receiver(): Promise<{ url: string; events: Record<string, any>[]; close(): Promise<void> }> {
  const events: Record<string, any>[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      events.push(...JSON.parse(Buffer.concat(chunks).toString('utf8')).events);
      res.end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`,
    events,
    close: () =>
      new Promise((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}

test('a rich menu made with the SDK: shown, toggled, postback to the bot, per-user, switch', async ({ page, server }) => {
  const { access_token } = await new channelAccessToken.ChannelAccessTokenClient({ baseURL: server.baseUrl }).issueChannelToken(
    'client_credentials',
    CHANNEL.id,
    CHANNEL.secret,
  );
  const client = new messagingApi.MessagingApiClient({ channelAccessToken: access_token, baseURL: server.baseUrl });
  const blob = new messagingApi.MessagingApiBlobClient({ channelAccessToken: access_token, baseURL: server.baseUrl });
  const hook = await receiver();
  try {
    const put = await setWebhook(server.baseUrl, CHANNEL.id, hook.url);
    expect(put.status).toBe(200);

    const { richMenuId: main } = await client.createRichMenu({
      size: { width: 2500, height: 843 },
      selected: true,
      name: 'Main',
      chatBarText: 'Tap here',
      areas: [
        { bounds: { x: 0, y: 0, width: 1250, height: 843 }, action: { type: 'postback', label: 'Points', data: 'action=points' } },
        {
          bounds: { x: 1250, y: 0, width: 1250, height: 843 },
          action: { type: 'richmenuswitch', label: 'Next page', richMenuAliasId: 'page-2', data: 'to=page-2' } as messagingApi.Action,
        },
      ],
    });
    await blob.setRichMenuImage(main, png(2500, 843));
    await client.setDefaultRichMenu(main);
    const { richMenuId: vip } = await client.createRichMenu({
      size: { width: 2500, height: 843 },
      selected: false,
      name: 'VIP',
      chatBarText: 'VIP menu',
      areas: [{ bounds: { x: 0, y: 0, width: 2500, height: 843 }, action: { type: 'message', label: 'VIP lounge', text: 'vip' } }],
    });
    await blob.setRichMenuImage(vip, png(2500, 843));
    await client.linkRichMenuIdToUser(BOB, vip);
    await client.createRichMenuAlias({ richMenuAliasId: 'page-2', richMenuId: vip });

    // Alice sees the default, opened (selected: true); its chat bar text closes and reopens it.
    await page.goto(`${server.baseUrl}/?user=${ALICE}&context=utou&chat=${ALICE_BOT}`);
    await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
    const toggle = page.locator('#rich-menu .rich-menu-toggle');
    await expect(toggle).toContainText('Tap here');
    const points = page.getByRole('button', { name: 'Points', exact: true });
    await expect(points).toBeVisible();
    await expect(page.locator('#rich-menu img.rich-menu-image')).toHaveJSProperty('naturalWidth', 2500);
    await toggle.click();
    await expect(points).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(points).toBeVisible();

    await points.click();
    await expect
      .poll(() => hook.events.filter((e) => e.type === 'postback').map((e) => [e.source.userId, e.postback.data]))
      .toContainEqual([ALICE, 'action=points']);

    // The switch area shows the alias's menu and tells the bot.
    await page.getByRole('button', { name: 'Next page', exact: true }).click();
    await expect(toggle).toContainText('VIP menu');
    await expect(page.getByRole('button', { name: 'VIP lounge', exact: true })).toBeVisible();
    await expect
      .poll(() => hook.events.filter((e) => e.type === 'postback' && e.postback.params).map((e) => e.postback))
      .toContainEqual({ data: 'to=page-2', params: { newRichMenuAliasId: 'page-2', status: 'SUCCESS' } });

    // Bob has his own menu, closed by default (selected: false).
    await page.goto(`${server.baseUrl}/?user=${BOB}&context=utou&chat=${BOB_BOT}`);
    await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
    await expect(toggle).toContainText('VIP menu');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('button', { name: 'Points', exact: true })).toHaveCount(0);
  } finally {
    await hook.close();
  }
});
