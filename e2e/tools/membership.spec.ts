// A person joins and leaves a bot's membership plan from the side panel's Membership tool: the tool
// draws the plans of the default scenario's demo bot, Join shows the person's member number and
// next billing date, Leave ends it, and the bot's webhook bodies carry membership joined and left.
import { expect, test, ALICE } from '../support/fixtures.js';
import { removeDataDir, startServer, type ServerHandle } from '../support/server.js';

/** The default scenario's messaging bot, with its Basic (3189) and Premium (3213) plans. */
const BOT_CHANNEL = '1650000001';
const ALICE_BOT = 'UBa11ce0000000000000000000000a11c';

/** Every membership event the bot's channel was sent so far, oldest first. */
async function membershipEvents(baseUrl: string): Promise<Record<string, any>[]> {
  const res = await fetch(`${baseUrl}/embedkit/v1/deliveries?channelId=${BOT_CHANNEL}&limit=200`);
  const { deliveries } = (await res.json()) as { deliveries: { body: string }[] };
  return deliveries
    .reverse()
    .flatMap((d) => (JSON.parse(d.body) as { events: Record<string, any>[] }).events)
    .filter((e) => e.type === 'membership');
}

// A server of its own: the subscriptions it leaves would show in later specs' tools.
let server: ServerHandle;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  await server.stop();
  removeDataDir(server.dataDir);
});

test('a person joins and leaves the demo bot’s Basic Plan from the Membership tool', async ({ page }) => {
  await page.goto(`${server.baseUrl}/?user=${ALICE}&chat=${ALICE_BOT}`);
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  await page.locator('#bot-channel').selectOption(BOT_CHANNEL);
  await page.locator('#membership-tool summary').click();
  const basic = page.locator('.membership-plan[data-membership-id="3189"]');
  await expect(basic.locator('.membership-title')).toHaveText('Basic Plan');
  await expect(basic.locator('.membership-price')).toContainText('500 JPY / month');
  await expect(page.locator('.membership-plan[data-membership-id="3213"] .membership-state')).toHaveText('0 / 10 members');

  await basic.locator('.membership-join').click();
  await expect(basic.locator('.membership-state')).toContainText('Member No. 1, 1 month(s), next billing ');
  await expect(page.locator('#membership-status')).toHaveText('Joined Basic Plan.');
  await expect
    .poll(async () => (await membershipEvents(server.baseUrl)).map((e) => [e.membership.type, e.membership.membershipId, e.source.userId]))
    .toEqual([['joined', 3189, ALICE]]);

  await basic.locator('.membership-leave').click();
  await expect(basic.locator('.membership-state')).toHaveText('0 members');
  await expect(basic.locator('.membership-join')).toBeEnabled();
  await expect.poll(async () => (await membershipEvents(server.baseUrl)).map((e) => e.membership.type)).toEqual(['joined', 'left']);
});
