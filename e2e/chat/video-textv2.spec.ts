// A bot's messages the host draws beyond the gallery (which an app sends): a textV2 with its
// mentions and emoji as the person sees them, and a video with a `trackingId` watched to its end
// in the viewer, which sends the bot videoPlayComplete once.
import { TEXT_V2, VIDEO_TRACKED } from '../../host/src/phone/messages/samples.js';
import { expect, test, ALICE } from '../support/fixtures.js';
import { botPost, channelToken, DEMO_CHANNEL, setWebhook } from '../support/platform.js';
import { removeDataDir, startServer, type ServerHandle } from '../support/server.js';

const ALICE_BOT = 'UBa11ce0000000000000000000000a11c';

/** Every event the bot's channel was sent so far, oldest first (deliveries are kept without a webhook URL too). */
async function botEvents(baseUrl: string): Promise<Record<string, any>[]> {
  const res = await fetch(`${baseUrl}/embedkit/v1/deliveries?channelId=${DEMO_CHANNEL.id}&limit=200`);
  const { deliveries } = (await res.json()) as { deliveries: { body: string }[] };
  return deliveries.reverse().flatMap((d) => (JSON.parse(d.body) as { events: Record<string, any>[] }).events);
}

// A server of its own: the bot's messages it leaves in Alice's chat would shift what later specs draw.
let server: ServerHandle;
test.beforeAll(async () => {
  server = await startServer();
  await setWebhook(server.baseUrl, DEMO_CHANNEL.id, null);
});
test.afterAll(async () => {
  await server.stop();
  removeDataDir(server.dataDir);
});

test('a textV2 shows its mentions by display name and its emoji, in the chat and the chat list', async ({ page }) => {
  const bot = botPost(server.baseUrl, await channelToken(server.baseUrl));
  expect((await bot('/v2/bot/message/push', { to: ALICE, messages: [TEXT_V2] })).status).toBe(200);
  await page.goto(`${server.baseUrl}/?user=${ALICE}&context=utou&chat=${ALICE_BOT}`);
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  const body = page.locator('#chat-messages .message.bot .m-text-v2').last();
  await expect(body).toHaveText('Welcome @Alice! @All, lunch is at noon  (reply with {yes} or {no})');
  await expect(body.locator('.m-mention')).toHaveText(['@Alice', '@All']);
  await expect(body.locator('.m-emoji')).toHaveCount(1);
  await expect(body).toHaveScreenshot('text-v2.png', { maxDiffPixelRatio: 0.01 });
});

test('a bot’s video with a trackingId, watched to its end, sends videoPlayComplete once', async ({ page }) => {
  const bot = botPost(server.baseUrl, await channelToken(server.baseUrl));
  expect((await bot('/v2/bot/message/push', { to: ALICE, messages: [VIDEO_TRACKED] })).status).toBe(200);
  await page.goto(`${server.baseUrl}/?user=${ALICE}&context=utou&chat=${ALICE_BOT}`);
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  const played = async () => (await botEvents(server.baseUrl)).filter((e) => e.type === 'videoPlayComplete');
  const watch = async () => {
    await page.locator('#chat-messages .message.bot .m-video').last().click();
    const video = page.locator('.m-viewer-video');
    await expect(video).toBeVisible();
    // The sample clip plays to its end (1.5 s).
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.ended), { timeout: 15_000 }).toBe(true);
    await page.locator('.m-viewer-close').click();
  };
  await watch();
  await expect
    .poll(async () => (await played()).map((e) => e.videoPlayComplete), { timeout: 10_000 })
    .toEqual([{ trackingId: 'sample-clip' }]);
  expect((await played())[0]).toMatchObject({ source: { type: 'user', userId: ALICE }, replyToken: expect.any(String) });
  // Watching it again sends nothing more.
  await watch();
  await page.waitForTimeout(500);
  expect(await played()).toHaveLength(1);
});
