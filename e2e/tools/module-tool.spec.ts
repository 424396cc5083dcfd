// The bot's admin works with module channels from the side panel's Module channels tool, against a
// real server: the chat shown is held by the bot, handed to an attached module channel and taken
// back; a module channel is authorized and, once it exchanged its code as the tool's curl line
// says, shows as attached and is detached; the bot is suspended and resumed.
import { fileURLToPath } from 'node:url';
import { expect, test, ALICE } from '../support/fixtures.js';
import { removeDataDir, startServer, type ServerHandle } from '../support/server.js';

const SCENARIO = fileURLToPath(new URL('../../server/test/fixtures/modules.json', import.meta.url));
const BOT = '1650000001';
const MODULE_ONE = { id: '1650000091', secret: '91919191919191919191919191919191' };
const MODULE_TWO = '1650000092';
const ALICE_BOT = 'UBa11ce0000000000000000000000a11c';

let server: ServerHandle;
test.beforeAll(async () => {
  server = await startServer(undefined, ['--scenario', SCENARIO]);
});
test.afterAll(async () => {
  await server.stop();
  removeDataDir(server.dataDir);
});

async function sim(path: string): Promise<any> {
  return (await fetch(`${server.baseUrl}/embedkit/v1${path}`)).json();
}

test('hand a chat to a module channel and back, authorize and detach a module, suspend and resume the bot', async ({ page }) => {
  await page.goto(`${server.baseUrl}/?user=${ALICE}&chat=${ALICE_BOT}`);
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  await page.locator('#bot-channel').selectOption(BOT);
  await page.locator('#module-tool summary').click();
  await expect(page.locator('#module-holder')).toHaveText('The bot holds this chat.');
  const two = page.locator(`.module-attached[data-channel-id="${MODULE_TWO}"]`);
  await expect(two.locator('.module-name')).toHaveText('Module Two');

  await page.locator('#module-ttl').fill('600');
  await two.locator('.module-hand').click();
  await expect(page.locator('#module-holder')).toContainText('Module channel Module Two holds this chat until ');
  const control = await sim(`/channels/${BOT}/chats/${ALICE_BOT}/control`);
  expect(control.moduleChannelId).toBe(MODULE_TWO);
  await page.locator('#module-take-back').click();
  await expect(page.locator('#module-holder')).toHaveText('The bot holds this chat.');
  expect((await sim(`/channels/${BOT}/chats/${ALICE_BOT}/control`)).moduleChannelId).toBeNull();

  // Module One is not attached: authorize it, then exchange the code as the module would.
  await page.locator('#module-authorize-channel').selectOption(MODULE_ONE.id);
  await page.locator('#module-authorize').click();
  await expect(page.locator('#module-code')).toHaveText(/^[0-9a-f]{32}$/);
  const code = (await page.locator('#module-code').textContent())!;
  await expect(page.locator('#module-curl')).toContainText(`/module/auth/v1/token' -u '${MODULE_ONE.id}:'"$MODULE_CHANNEL_SECRET"`);
  const exchange = await fetch(`${server.baseUrl}/module/auth/v1/token`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Authorization: `Basic ${Buffer.from(`${MODULE_ONE.id}:${MODULE_ONE.secret}`).toString('base64')}`,
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: await page.locator('#module-redirect').inputValue(),
    }),
  });
  expect(exchange.status).toBe(200);
  // Opening the tool again reads the attachments again.
  await page.locator('#module-tool summary').click();
  await page.locator('#module-tool summary').click();
  const one = page.locator(`.module-attached[data-channel-id="${MODULE_ONE.id}"]`);
  await expect(one.locator('.module-name')).toHaveText('Module One');
  await one.locator('.module-detach').click();
  await expect(page.locator('#module-status')).toHaveText('Detached Module One: it heard module (detached).');
  await expect(one).toHaveCount(0);

  await page.locator('#module-suspend').click();
  await expect(page.locator('#module-suspend')).toHaveText('Resume the bot');
  expect((await sim('/modules')).suspendedBots).toEqual([BOT]);
  await page.locator('#module-suspend').click();
  await expect(page.locator('#module-suspend')).toHaveText('Suspend the bot');
  expect((await sim('/modules')).suspendedBots).toEqual([]);
});
