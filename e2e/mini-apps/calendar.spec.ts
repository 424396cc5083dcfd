// `liff.calendar` and `liff.activity` of @line/liff 2.31, run by the LIFF demo (the unmodified SDK
// with embedkit's plugin) on a LINE 15 client: the person's calendar from the scenario, the host's
// event-creation sheet (Add puts the event in the calendar, Cancel does not, the call resolves
// either way), and the call and recording states the side panel reports.
import type { FrameLocator, Page } from '@playwright/test';
import { ALICE, expect, test } from '../support/fixtures.js';

const LIFF_APP = '1650000001-liffapp1';
/** A client with the calendar and the call state (published minimum: 15.0.0). */
const LINE_15 = 'ios-15.0.0-17.4';

async function openDemo(page: Page, baseUrl: string): Promise<FrameLocator> {
  await page.goto(`${baseUrl}/?${new URLSearchParams({ app: LIFF_APP, user: ALICE, device: LINE_15 })}`);
  const app = page.frameLocator('#app-frame');
  await expect(app.locator('body')).toHaveAttribute('data-init', 'ok', { timeout: 15_000 });
  return app;
}

/** Clicks a demo button; resolves with what it shows in `#action`. */
async function press(app: FrameLocator, id: string, key: string): Promise<Record<string, unknown>> {
  await app.locator('#action').evaluate((e) => (e.textContent = ''));
  await app.locator(`#${id}`).click();
  await expect(app.locator('#action')).toContainText(key);
  return JSON.parse((await app.locator('#action').textContent()) ?? '{}') as Record<string, unknown>;
}

test.describe('liff.calendar and liff.activity', () => {
  test('getEvents reads the scenario calendar; the sheet adds an event on Add and nothing on Cancel', async ({ page, server }) => {
    const app = await openDemo(page, server.baseUrl);
    const first = (await press(app, 'calendar', 'getEvents')).getEvents as {
      ok: { events: { title: string }[]; isThirdPartyCalendarAccessGranted: boolean };
    };
    expect(first.ok.events.map((e) => e.title)).toEqual(['Team lunch', 'Golden Week']);
    expect(first.ok.isThirdPartyCalendarAccessGranted).toBe(false);

    await app.locator('#add-event').click();
    const sheet = page.locator('#calendar-sheet');
    await expect(sheet).toBeVisible();
    await expect(page.locator('#calendar-title')).toHaveValue('Dinner with the LIFF demo');
    await page.locator('#calendar-cancel').click();
    await expect(app.locator('#action')).toContainText('"showEventCreationModal":{"ok":null}');
    expect(((await press(app, 'calendar', 'getEvents')).getEvents as { ok: { events: unknown[] } }).ok.events).toHaveLength(2);

    await app.locator('#add-event').click();
    await page.locator('#calendar-add').click();
    await expect(sheet).toBeHidden();
    await expect(app.locator('#action')).toContainText('"showEventCreationModal":{"ok":null}');
    const after = (await press(app, 'calendar', 'getEvents')).getEvents as { ok: { events: { title: string; isAllDay: boolean }[] } };
    expect(after.ok.events.map((e) => e.title)).toEqual(['Team lunch', 'Dinner with the LIFF demo', 'Golden Week']);
  });

  test('getCallState answers what the side panel reports, and UNSPECIFIED before anything was sent', async ({ page, server }) => {
    const app = await openDemo(page, server.baseUrl);
    expect(await press(app, 'call-state', 'getCallState')).toEqual({
      getCallState: { ok: { isActive: false } },
      getRecordingState: { ok: { isActive: false } },
    });
    await page.locator('#activity-call').selectOption('active');
    await page.locator('#activity-recording').selectOption('not-sent');
    await expect
      .poll(async () => press(app, 'call-state', 'getCallState'))
      .toEqual({
        getCallState: { ok: { isActive: true } },
        getRecordingState: {
          error: { code: 'UNSPECIFIED', message: 'Recording state has not been received from the native client yet' },
        },
      });
  });
});
