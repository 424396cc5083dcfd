// The side panel's Faults group against a real server (docs/guide/host.md, "Faults"): a rule added
// through the panel (the profile call the host makes for the app, rate limited once) fails the demo
// app's Get profile; the panel counts the hit with its call, the bridge log reads the fault's line
// beside the failed call, the next call goes through; a rule the server refuses is said in the
// panel with its details; the rules are cleared. The panel passes axe-core's WCAG 2 A and AA rules
// and is used from the keyboard.
import { AxeBuilder } from '@axe-core/playwright';
import { expect, openDemo, test } from '../support/fixtures.js';

test.afterEach(async ({ server }) => {
  await fetch(`${server.baseUrl}/embedkit/v1/faults`, { method: 'DELETE' });
});

test('a rule added in the Faults panel fails the next call; the hit shows in the panel and the bridge log', async ({ page, server }) => {
  const app = await openDemo(page, server);
  const panel = page.locator('#fault-panel');
  await page.locator('#fault-add summary').click();
  await panel.getByLabel('Kind').selectOption('rateLimited');
  await panel.getByLabel('Path').fill('/v2/profile');
  await panel.getByLabel('Times').fill('1');
  await page.locator('#fault-submit').click();
  await expect(page.locator('#fault-message')).toHaveText('Added /v2/profile: rateLimited.');
  const rule = page.locator('.fault-rule');
  await expect(rule.locator('.fault-count')).toHaveText('0 hits, 1 left');
  // The panel with a rule listed and its form open passes axe-core's WCAG 2 A and AA rules, as the host's other panels do.
  const axe = await new AxeBuilder({ page }).include('#fault-panel').withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  await app.locator('#btn-profile').click();
  await expect(rule.locator('.fault-count')).toHaveText('1 hit, 0 left');
  await expect(rule.locator('.fault-hits li')).toHaveText(/^\d\d:\d\d:\d\d 429 GET \/v2\/profile$/);
  const log = page.locator('#bridge-log');
  await expect(log.locator('.log-entry[data-outcome="fault"] .log-result')).toHaveText('fault: 429 rateLimited GET /v2/profile');
  await expect(log.locator('.log-entry[data-method="getProfile"]')).toHaveAttribute('data-outcome', 'error');

  // The rule is spent: the next call is answered as usual.
  await app.locator('#btn-profile').click();
  await expect(log.locator('.log-entry[data-method="getProfile"]').first()).toHaveAttribute('data-outcome', 'ok');
  await expect(rule.locator('.fault-count')).toHaveText('1 hit, 0 left');

  // A status rule without its status: the server's refusal, with its details, in the panel.
  await panel.getByLabel('Kind').selectOption('status');
  await page.locator('#fault-submit').click();
  await expect(page.locator('#fault-message')).toHaveText(/^The rule was refused: .*status.* \(HTTP 400\)$/);
  await expect(rule).toHaveCount(1);

  await page.locator('#fault-clear').click();
  await expect(page.locator('#fault-list')).toHaveText('No fault rules in force.');
  await expect(page.locator('#fault-message')).toHaveText('Every fault rule removed.');
  const left = (await (await fetch(`${server.baseUrl}/embedkit/v1/faults`)).json()) as { faults: unknown[] };
  expect(left.faults).toEqual([]);
});

test('a rule named by a simulator route is added and removed from the keyboard', async ({ page, server }) => {
  await openDemo(page, server);
  const panel = page.locator('#fault-panel');
  await page.locator('#fault-add summary').click();
  await panel.getByLabel('Operation').fill('sendMessage');
  await panel.getByLabel('Kind').selectOption('serverError');
  await panel.getByLabel('Operation').press('Enter');
  await expect(page.locator('#fault-message')).toHaveText('Added sendMessage: serverError.');
  const remove = page.getByRole('button', { name: 'Remove the rule sendMessage: serverError' });
  await remove.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('#fault-message')).toHaveText('Removed sendMessage: serverError.');
  await expect(page.locator('.fault-rule')).toHaveCount(0);
  await expect(page.locator('#fault-title')).toBeFocused();
});
