// The host passes axe-core's WCAG 2 A and AA rules on each tab (the chat list, a bot chat with its
// answers, a group, the Simulator and the Blockchain tabs) and with an app open in its overlay.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test, ALICE, CHATS, DEMO_APP } from '../support/fixtures.js';
import { removeDataDir, startServer, type ServerHandle } from '../support/server.js';

const DEMO_BOT_CHAT = 'UBa11ce0000000000000000000000a11c';

/** The WCAG 2 A and AA violations on the page, one line each (rule, impact, where), for a readable failure. */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return result.violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} ${n.failureSummary?.split('\n').slice(1).join(' ') ?? ''}`),
  );
}

let server: ServerHandle;
test.beforeAll(async () => {
  // As npm start runs it: the demo bots answer, so the bot chat holds the bot's messages too.
  server = await startServer(undefined, [], { demoBots: true });
});
test.afterAll(async () => {
  await server.stop();
  removeDataDir(server.dataDir);
});

async function open(page: Page, query: string): Promise<void> {
  await page.goto(`${server.baseUrl}/?user=${ALICE}${query}`);
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
}

test('the chat list', async ({ page }) => {
  await open(page, '');
  expect(await violations(page)).toEqual([]);
});

test('a bot chat with its answers: text, flex message and buttons template', async ({ page }) => {
  await open(page, `&context=utou&chat=${DEMO_BOT_CHAT}`);
  await page.locator('#chat-input').fill('menu');
  await page.locator('#chat-input').press('Enter');
  await expect(page.locator('#chat-messages [data-message-type="template"]')).toHaveCount(1);
  await page.locator('#chat-input').fill('hello');
  await page.locator('#chat-input').press('Enter');
  // The echo: a text message (the menu's flex message also says "hello", on its "Say hello" button).
  await expect(
    page.locator('#chat-messages .message[data-sender-type="bot"][data-message-type="text"]').filter({ hasText: 'hello' }),
  ).toHaveCount(1);
  expect(await violations(page)).toEqual([]);
});

test('a group chat', async ({ page }) => {
  await open(page, `&context=group&chat=${CHATS.group}`);
  expect(await violations(page)).toEqual([]);
});

test('the Simulator tab', async ({ page }) => {
  await open(page, '&tab=simulator');
  await expect(page.locator('#tab-simulator')).toHaveAttribute('aria-selected', 'true');
  expect(await violations(page)).toEqual([]);
});

test('the Blockchain tab', async ({ page }) => {
  await open(page, '&tab=blockchain');
  await expect(page.locator('#tab-blockchain')).toHaveAttribute('aria-selected', 'true');
  // Read while it shows: wait for its first answer.
  await page.waitForLoadState('networkidle');
  expect(await violations(page)).toEqual([]);
});

test('the Insight tab', async ({ page }) => {
  await open(page, '&tab=insight');
  await expect(page.locator('#tab-insight')).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('#insight-followers')).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test('an app open in its overlay', async ({ page }) => {
  await open(page, `&app=${DEMO_APP}`);
  await expect(page.frameLocator('#app-frame').locator('body')).toHaveAttribute('data-init', /ok|error/);
  expect(await violations(page)).toEqual([]);
});
