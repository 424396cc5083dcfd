// The side panel's Review tool against a real server (docs/guide/review.md, docs/guide/host.md,
// "Review"): with the demo MINI App open, its button (marked open) reviews it, Lighthouse
// included; the findings are listed, none failing, each with what was seen and a link to its
// published page. The panel passes axe-core's WCAG 2 A and AA rules.
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from '../support/fixtures.js';

const LIFF_APP = '1650000001-liffapp1';
const ALICE = 'U0a11ce0000000000000000000000a11c';

test('the Review tool reviews the open MINI App and lists its findings', async ({ page, server }) => {
  test.setTimeout(120_000);
  await page.goto(`${server.baseUrl}/?${new URLSearchParams({ app: LIFF_APP, user: ALICE })}`);
  const panel = page.locator('#review-panel');
  const button = panel.locator(`button.review-run[data-embed-id="${LIFF_APP}"]`);
  await expect(button).toHaveText('Review LIFF demo (open)');
  await button.click();
  await expect(page.locator('#review-status')).toHaveText(/^Reviewing LIFF demo…/);
  await expect(page.locator('#review-status')).toHaveText(/^LIFF demo: \d+ pass, \d+ warn, 0 fail \(/, { timeout: 90_000 });
  const performance = panel.locator('li.review-finding[data-check="performance.score"]');
  await expect(performance).toHaveAttribute('data-status', 'pass');
  await expect(performance.locator('.review-seen')).toHaveText(/^Seen: Performance \d+ \(Lighthouse 12/);
  await expect(performance.getByRole('link', { name: 'Source' })).toHaveAttribute(
    'href',
    'https://developers.line.biz/en/docs/line-mini-app/develop/performance-guidelines/',
  );
  const axe = await new AxeBuilder({ page }).include('#review-panel').withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});
