/**
 * An app registered through the LIFF server API (`POST /liff/v1/apps`) opens in the host with its
 * registered settings: its session carries only the scopes it was registered with (no `profile`:
 * getProfile is refused 403, as on the platform), and its `aggressive` bot prompt shows an "add
 * friend" screen over it for a person who is not a friend of the channel's bot.
 */
import { ALICE, expect, test } from '../support/fixtures.js';

const CHANNEL = { id: '1650000001', secret: '0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f' };

test('honours the registered scopes and the aggressive bot prompt', async ({ page, server }) => {
  const issued = await page.request.post(`${server.baseUrl}/v2/oauth/accessToken`, {
    form: { grant_type: 'client_credentials', client_id: CHANNEL.id, client_secret: CHANNEL.secret },
  });
  const auth = { Authorization: `Bearer ${(await issued.json()).access_token}` };
  const added = await page.request.post(`${server.baseUrl}/liff/v1/apps`, {
    headers: auth,
    data: {
      view: { type: 'full', url: `${server.demoOrigin}/demo/liff-app/` },
      description: 'Scoped demo',
      scope: ['openid', 'chat_message.write'],
      botPrompt: 'aggressive',
    },
  });
  expect(added.status()).toBe(200);
  const { liffId } = (await added.json()) as { liffId: string };
  const friendship = `${server.baseUrl}/embedkit/v1/users/${ALICE}/friendships/${CHANNEL.id}`;
  // The demo app reads its LIFF ID from the query: point the registered URL at this app.
  expect(
    (
      await page.request.put(`${server.baseUrl}/liff/v1/apps/${liffId}`, {
        headers: auth,
        data: { view: { url: `${server.demoOrigin}/demo/liff-app/?liffId=${liffId}` } },
      })
    ).status(),
  ).toBe(200);
  // Alice is no friend of the bot now (she blocked it).
  expect((await page.request.put(friendship, { data: { state: 'blocked' } })).status()).toBe(200);
  try {
    // The person consents to every scope the host offers; the app is registered without profile.
    const q = new URLSearchParams({ app: liffId, user: ALICE, scope: 'profile chat_message.write openid' });
    await page.goto(`${server.baseUrl}/?${q}`);
    await expect(page.locator('#app-title')).toHaveText('Scoped demo');

    const prompt = page.locator('#app-bot-prompt');
    await expect(prompt).toHaveAttribute('data-bot-prompt', 'aggressive');
    await expect(prompt).toContainText('Add Embedkit Demo as a friend');

    const app = page.frameLocator('#app-frame');
    await expect(app.locator('body')).toHaveAttribute('data-init', 'ok', { timeout: 15_000 });
    const report = JSON.parse((await app.locator('#report').textContent()) ?? '{}') as {
      context: { scope: string[] };
      profile: { error?: { code: string } };
      idToken: string | null;
    };
    expect([...report.context.scope].sort()).toEqual(['chat_message.write', 'openid']);
    // The published permission check refuses a scope the app did not register before any call.
    expect(report.profile).toEqual({ error: { code: 'FORBIDDEN', message: 'The permission is not in LIFF app scope.' } });
    expect(typeof report.idToken).toBe('string');

    // "Add friend" makes her a friend of the bot and leaves the app.
    await page.locator('#app-bot-prompt-add').click();
    await expect(prompt).toHaveCount(0);
    await expect.poll(async () => ((await (await page.request.get(friendship)).json()) as { state: string }).state).toBe('friend');
  } finally {
    await page.request.put(friendship, { data: { state: 'friend' } });
    await page.request.delete(`${server.baseUrl}/liff/v1/apps/${liffId}`, { headers: auth });
  }
});
