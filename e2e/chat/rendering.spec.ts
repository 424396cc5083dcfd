// How the host draws messages and what their actions do, in Chromium: screenshots of a gallery of
// every kind and of the flex layout rules (compared with committed baselines), DOM measurements of
// the rules that matter, each action kind, the message preview, and hostile messages.
import type { Locator, Page } from '@playwright/test';
import { ALICE, BOB, CHATS, DEMO_APP, expect, test } from '../support/fixtures.js';
import { FLEX_ACTIONS, GALLERY, HOSTILE_MESSAGES, LAYOUT_CASES, type GalleryEntry, type Message } from '../fixtures/gallery.js';
import { removeDataDir, startServer, type ServerHandle } from '../support/server.js';

type ChatKind = keyof typeof CHATS;

/** Posts `message` into a chat as `userId` (the simulator endpoint validates it); answers the stored id. */
async function post(server: ServerHandle, chat: ChatKind, message: Message, userId = BOB): Promise<string> {
  const res = await fetch(`${server.baseUrl}/embedkit/v1/chats/${CHATS[chat]}/messages`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ userId, message }),
  });
  const body = (await res.json()) as { id?: string };
  if (!res.ok || !body.id) throw new Error(`posting a message failed: ${res.status} ${JSON.stringify(body)}`);
  return body.id;
}

async function postAll(server: ServerHandle, chat: ChatKind, entries: GalleryEntry[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const e of entries) ids.set(e.name, await post(server, chat, e.message));
  return ids;
}

/** Opens the host on a chat as Alice, with stub pages for the URLs actions open. */
async function openChat(page: Page, server: ServerHandle, chat: ChatKind): Promise<void> {
  await page.route(/^https:\/\/(example\.com|www\.openstreetmap\.org)\//, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>stub</title><p>stub page</p>' }),
  );
  await page.goto(`${server.baseUrl}/?user=${ALICE}&context=${chat}&chat=${CHATS[chat]}`);
  await expect(page.locator('#chat-messages .message, #chat-messages .empty').first()).toBeVisible();
}

/** Waits until every picture in the chat has loaded (or failed). */
async function picturesSettled(page: Page, root = '#chat-messages'): Promise<void> {
  await page.waitForFunction((sel) => [...document.querySelectorAll<HTMLImageElement>(`${sel} img`)].every((i) => i.complete), root);
}

const messageById = (page: Page, id: string): Locator => page.locator(`#chat-messages .message[data-message-id="${id}"]`);
const bodyOf = (page: Page, id: string): Locator => messageById(page, id).locator('.message-body');
/** Text messages the signed-in user sent whose text is exactly `text`. */
const mine = (page: Page, text: string): Locator =>
  page.locator('#chat-messages .message.mine .m-text').filter({ hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });

/** Runs `act` and expects exactly one more message from the user reading `text`. */
async function expectSends(page: Page, text: string, act: () => Promise<void>): Promise<void> {
  const sent = mine(page, text);
  const before = await sent.count();
  await act();
  await expect(sent).toHaveCount(before + 1);
}
const toast = (page: Page, text: string | RegExp): Locator => page.locator('#phone-screen .toast', { hasText: text });

const SHOT = { maxDiffPixelRatio: 0.01 } as const;

test.describe('screenshots', () => {
  // A server of their own: messages other specs of the worker left in these chats would move each
  // message by a fraction of a pixel, and the pictures by one.
  let server: ServerHandle;
  test.beforeAll(async () => {
    server = await startServer();
  });
  test.afterAll(async () => {
    await server.stop();
    removeDataDir(server.dataDir);
  });

  test('every message kind looks as in the messenger', async ({ page }) => {
    const ids = await postAll(server, 'group', GALLERY);
    await openChat(page, server, 'group');
    await expect(messageById(page, ids.get('quick-reply')!)).toBeVisible();
    await picturesSettled(page);
    for (const [name, id] of ids) await expect.soft(bodyOf(page, id), name).toHaveScreenshot(`${name}.png`, SHOT);
    await expect.soft(page.locator('#quick-replies')).toHaveScreenshot('quick-reply-buttons.png', SHOT);
  });

  test('flex layout rules', async ({ page }) => {
    const ids = await postAll(server, 'room', LAYOUT_CASES);
    await openChat(page, server, 'room');
    await expect(messageById(page, ids.get('flex-carousel-stretch')!)).toBeVisible();
    await picturesSettled(page);
    for (const [name, id] of ids) await expect.soft(bodyOf(page, id), name).toHaveScreenshot(`${name}.png`, SHOT);
  });
});

test.describe('flex layout in the DOM', () => {
  let ids: Map<string, string>;
  test.beforeEach(async ({ page, server }) => {
    ids = await postAll(server, 'room', LAYOUT_CASES);
    await openChat(page, server, 'room');
    await expect(messageById(page, ids.get('flex-carousel-stretch')!)).toBeVisible();
  });

  const lines = (body: Locator, text: string) => body.locator('.fx-text', { hasText: text });

  test('text is clamped to maxLines with an ellipsis; without wrap it stays on one line', async ({ page }) => {
    const body = bodyOf(page, ids.get('flex-wrap')!);
    const measure = (sel: string) =>
      body
        .locator(sel)
        .first()
        .evaluate((p) => {
          const lineHeight = parseFloat(getComputedStyle(p).lineHeight);
          return {
            lines: p.clientHeight / lineHeight,
            overflow: p.scrollHeight - p.clientHeight,
            wide: p.scrollWidth - p.clientWidth,
            textOverflow: getComputedStyle(p).textOverflow,
          };
        });
    const clamped = await measure('.fx-line[data-max-lines="2"]');
    expect(Math.round(clamped.lines)).toBe(2);
    expect(clamped.overflow).toBeGreaterThan(10);
    const wrapped = await body
      .locator('.fx-text')
      .nth(2)
      .locator('.fx-line')
      .evaluate((p) => p.clientHeight / parseFloat(getComputedStyle(p).lineHeight));
    expect(Math.round(wrapped)).toBeGreaterThanOrEqual(4);
    const single = await body
      .locator('.fx-text')
      .nth(1)
      .locator('.fx-line')
      .evaluate((p) => ({
        lines: Math.round(p.clientHeight / parseFloat(getComputedStyle(p).lineHeight)),
        cut: p.scrollWidth > p.clientWidth,
        ellipsis: getComputedStyle(p).textOverflow,
      }));
    expect(single).toEqual({ lines: 1, cut: true, ellipsis: 'ellipsis' });
  });

  test('rtl reverses the order of horizontal boxes and aligns start to the right', async ({ page }) => {
    const body = bodyOf(page, ids.get('flex-rtl')!);
    const x = async (t: string) => (await body.locator('.fx-text', { hasText: new RegExp(`^${t}$`) }).boundingBox())!.x;
    const [one, two, three] = [await x('1'), await x('2'), await x('3')];
    expect(one).toBeGreaterThan(two);
    expect(two).toBeGreaterThan(three);
    const block = (await body.locator('.fx-body').boundingBox())!;
    const start = (await body.locator('.fx-line', { hasText: 'start-aligned text' }).evaluate((p) => {
      const range = document.createRange();
      range.selectNodeContents(p);
      const r = range.getBoundingClientRect();
      return { right: r.right };
    }))!;
    expect(block.x + block.width - 20 - start.right).toBeLessThan(2);
  });

  test('flex: equal shares by default in a horizontal box, 1:2:3 by weight, content size with 0', async ({ page }) => {
    const body = bodyOf(page, ids.get('flex-flex')!);
    const rows = body.locator('.fx-block-root > .fx-horizontal');
    const widths = async (row: Locator) =>
      Promise.all((await row.locator(':scope > .fx-c').all()).map(async (c) => (await c.boundingBox())!.width));
    const [a, b, c] = await widths(rows.nth(0));
    expect(Math.abs(a! - b!)).toBeLessThan(1);
    expect(Math.abs(b! - c!)).toBeLessThan(1);
    const [w1, w2, w3] = await widths(rows.nth(1));
    expect(w2! / w1!).toBeCloseTo(2, 1);
    expect(w3! / w1!).toBeCloseTo(3, 1);
    const content = await rows
      .nth(2)
      .locator(':scope > .fx-c')
      .first()
      .evaluate((el) => el.getBoundingClientRect().width - el.scrollWidth);
    expect(Math.abs(content)).toBeLessThan(1);
  });

  test('spacing and margins: the first child ignores its margin, margin replaces spacing', async ({ page }) => {
    const body = bodyOf(page, ids.get('flex-spacing')!);
    const column = body.locator('.fx-block-root > .fx-vertical');
    const box = async (t: string) => (await lines(column, t).boundingBox())!;
    const [a, b, c, d] = [await box('A'), await box('B'), await box('C'), await box('D')];
    const top = (await column.boundingBox())!.y;
    expect(a.y - top).toBeCloseTo(0, 0);
    expect(b.y - (a.y + a.height)).toBeCloseTo(16, 0);
    expect(c.y - (b.y + b.height)).toBeCloseTo(0, 0);
    expect(d.y - (c.y + c.height)).toBeCloseTo(16, 0);
  });

  test('a filler takes the free space; a spacer replaces the spacing', async ({ page }) => {
    const body = bodyOf(page, ids.get('flex-filler-spacer')!);
    const row = body.locator('.fx-block-root > .fx-horizontal').first();
    const rowBox = (await row.boundingBox())!;
    const right = (await lines(row, 'right').boundingBox())!;
    expect(rowBox.x + rowBox.width - (right.x + right.width)).toBeLessThan(1);
    const spaced = body.locator('.fx-block-root > .fx-horizontal').nth(1);
    const [a, b, c] = await Promise.all(
      ['A', 'B', 'C'].map(async (t) => (await spaced.locator('.fx-text', { hasText: new RegExp(`^${t}$`) }).boundingBox())!),
    );
    expect(b!.x - (a!.x + a!.width)).toBeCloseTo(20, 0);
    expect(c!.x - (b!.x + b!.width)).toBeCloseTo(16, 0);
  });

  test('carousel bubbles share the height of the tallest, their bodies stretched', async ({ page }) => {
    const bubbles = bodyOf(page, ids.get('flex-carousel-stretch')!).locator('.fx-bubble');
    await expect(bubbles).toHaveCount(3);
    const heights = await bubbles.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
    expect(Math.max(...heights) - Math.min(...heights)).toBeLessThan(1);
    const footers = await bubbles.locator('.fx-footer').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().top));
    expect(Math.max(...footers) - Math.min(...footers)).toBeLessThan(1);
  });
});

test('the app overlay keeps its compact, tall and full heights over a chat full of rich messages', async ({ page, server }) => {
  await postAll(server, 'group', GALLERY);
  for (const [view, ratio] of [
    ['compact', 0.5],
    ['tall', 0.8],
    ['full', 1],
  ] as const) {
    await page.goto(`${server.baseUrl}/?app=${DEMO_APP}&user=${ALICE}&context=group&chat=${CHATS.group}&view=${view}`);
    await expect(page.frameLocator('#app-frame').locator('body')).toHaveAttribute('data-init', 'ok');
    await expect(page.locator('#chat-messages .message[data-message-type="flex"]').first()).toBeAttached();
    const screen = (await page.locator('#phone-screen').boundingBox())!;
    const overlay = (await page.locator('#app-overlay').boundingBox())!;
    expect(Math.abs(overlay.height - screen.height * ratio)).toBeLessThanOrEqual(2);
    expect(Math.abs(overlay.y + overlay.height - (screen.y + screen.height))).toBeLessThanOrEqual(2);
  }
});

test('the chat list shows the last message, altText for rich messages', async ({ page, server }) => {
  await post(server, 'room', GALLERY.find((e) => e.name === 'flex-bubble')!.message);
  await post(server, 'group', { type: 'text', text: 'see you\nlater' });
  await page.goto(`${server.baseUrl}/?user=${ALICE}&context=none`);
  await expect(page.locator(`.chat-item[data-chat-id="${CHATS.room}"] .chat-item-preview`)).toHaveText('Brown Cafe: 4.0 stars');
  await expect(page.locator(`.chat-item[data-chat-id="${CHATS.group}"] .chat-item-preview`)).toHaveText('see you later');
});

test('the demo app sends the gallery, and the host draws every kind', async ({ page, server }) => {
  await page.goto(`${server.baseUrl}/?app=${DEMO_APP}&user=${ALICE}&context=utou&chat=${CHATS.utou}&view=compact`);
  const app = page.frameLocator('#app-frame');
  await expect(app.locator('body')).toHaveAttribute('data-init', 'ok');
  await app.locator('#btn-gallery').click();
  await expect(app.locator('#gallery-result')).toHaveText(`sent ${GALLERY.length} messages`);
  for (const type of ['text', 'image', 'video', 'audio', 'location', 'sticker', 'imagemap', 'template', 'flex'])
    await expect(page.locator(`#chat-messages .message.mine[data-message-type="${type}"]`).first()).toBeAttached();
  for (const view of [
    '.m-carousel',
    '.m-image-carousel',
    '.m-buttons',
    '.m-confirm',
    '.m-imagemap',
    '.m-sticker',
    '.fx-carousel',
    '.m-flex-single',
  ])
    await expect(page.locator(`#chat-messages .message.mine ${view}`).first()).toBeVisible();
  await expect(page.locator('#quick-replies .quick-reply')).toHaveCount(6);
});

test.describe('actions', () => {
  const entry = (name: string) => GALLERY.find((e) => e.name === name)!.message;

  test('message: the text is sent as the user (template, imagemap, image carousel, quick reply)', async ({ page, server }) => {
    await post(server, 'utou', entry('template-confirm'));
    await post(server, 'utou', entry('imagemap'));
    await post(server, 'utou', entry('template-image-carousel'));
    await post(server, 'utou', entry('quick-reply'));
    await openChat(page, server, 'utou');
    await expectSends(page, 'yes', () => page.locator('#chat-messages .m-confirm .m-tpl-action', { hasText: 'Yes' }).last().click());
    await expectSends(page, 'Show me the news', () =>
      page.locator('#chat-messages .m-imagemap').last().locator('.m-imagemap-area[data-action-type="message"]').first().click(),
    );
    await expectSends(page, 'Coffee, please', () => page.locator('#chat-messages .m-image-column', { hasText: 'Coffee' }).last().click());
    // The quick replies went away with the messages that followed; bring them back.
    await post(server, 'utou', entry('quick-reply'));
    await page.reload();
    await expectSends(page, 'Thanks!', () => page.locator('#quick-replies .quick-reply', { hasText: 'Thanks!' }).click());
    await expect(page.locator('#quick-replies')).toHaveCount(0);
  });

  test("postback: recorded and shown; displayText shows as the user's message", async ({ page, server }) => {
    await post(server, 'utou', entry('template-buttons'));
    await post(server, 'utou', entry('template-carousel'));
    await openChat(page, server, 'utou');
    await expectSends(page, 'Buy it', () => page.locator('#chat-messages .m-buttons .m-tpl-action', { hasText: 'Buy' }).last().click());
    await expect(toast(page, 'Postback: data "action=buy&itemid=123"')).toBeVisible();
    const before = await page.locator('#chat-messages .message.mine').count();
    await page.locator('#chat-messages .m-column', { hasText: 'Beach' }).last().locator('.m-tpl-action', { hasText: 'Book' }).click();
    await expect(toast(page, 'Postback: data "book=beach"')).toBeVisible();
    await page.waitForTimeout(500);
    await expect(page.locator('#chat-messages .message.mine')).toHaveCount(before);
  });

  test('uri: http(s) opens the in-app browser, tel: the call screen', async ({ page, server }) => {
    await post(server, 'utou', entry('text'));
    await post(server, 'utou', entry('location'));
    await post(server, 'utou', entry('flex-bubble'));
    await openChat(page, server, 'utou');
    await page.locator('#chat-messages .m-text a.m-link', { hasText: 'https://example.com/docs' }).last().click();
    await expect(page.locator('#inapp-browser')).toHaveAttribute('data-url', 'https://example.com/docs');
    await expect(page.frameLocator('#inapp-frame').locator('body')).toContainText('stub page');
    await page.locator('#inapp-close').click();
    await page.locator('#chat-messages .m-location .m-map-link').last().click();
    await expect(page.locator('#inapp-browser')).toHaveAttribute(
      'data-url',
      /^https:\/\/www\.openstreetmap\.org\/\?mlat=35\.681236&mlon=139\.767125/,
    );
    await page.locator('#inapp-close').click();
    await page.locator('#chat-messages .fx-footer .fx-btn', { hasText: 'Call' }).last().click();
    await expect(page.locator('#picker[data-picker="call"] #picker-call-number')).toHaveText('+81312345678');
    await page.locator('#picker-call-end').click();
    await expect(page.locator('#picker')).toHaveCount(0);
  });

  test('datetimepicker: a date/time input with initial, min and max; the pick comes back as params', async ({ page, server }) => {
    await post(server, 'utou', entry('template-buttons'));
    await post(server, 'utou', entry('quick-reply'));
    await openChat(page, server, 'utou');
    await page.locator('#chat-messages .m-buttons .m-tpl-action', { hasText: 'Pick a date' }).last().click();
    const input = page.locator('#picker[data-picker="datetime"] #picker-input');
    await expect(input).toHaveAttribute('type', 'date');
    await expect(input).toHaveValue('2025-06-15');
    await expect(input).toHaveAttribute('min', '2025-01-01');
    await expect(input).toHaveAttribute('max', '2025-12-31');
    await input.fill('2026-01-01');
    await expect(page.locator('#picker-ok')).toBeDisabled();
    await input.fill('2025-07-04');
    await page.locator('#picker-ok').click();
    await expect(toast(page, 'Postback: data "action=pick-date" date=2025-07-04')).toBeVisible();

    await page.locator('#quick-replies .quick-reply', { hasText: 'Book a time' }).click();
    await expect(input).toHaveAttribute('type', 'datetime-local');
    await expect(input).toHaveValue('2025-06-15T18:30');
    await input.fill('2025-06-20T09:15');
    await page.locator('#picker-ok').click();
    await expect(toast(page, 'Postback: data "book=time" datetime=2025-06-20T09:15')).toBeVisible();
  });

  test('camera, camera roll and location open simulated pickers whose result the user sends', async ({ page, server }) => {
    await openChat(page, server, 'utou');
    const quick = async (type: string) => {
      await post(server, 'utou', entry('quick-reply'));
      await page.reload();
      // A tap that lands while the chat redraws (a message of another test's bot arriving) is lost,
      // as a person's would be; the person taps again.
      await expect(async () => {
        await page.locator(`#quick-replies .quick-reply[data-action-type="${type}"]`).click({ timeout: 2000 });
        await expect(page.locator(`#picker[data-picker="${type}"]`)).toBeVisible({ timeout: 2000 });
      }).toPass({ timeout: 20_000 });
    };
    const images = page.locator('#chat-messages .message.mine[data-message-type="image"]');
    const before = await images.count();
    await quick('camera');
    await page.locator('#picker[data-picker="camera"] .picker-photo[data-sample="photo-city"]').click();
    await expect(images).toHaveCount(before + 1);
    await quick('cameraRoll');
    await page.locator('#picker[data-picker="cameraRoll"] .picker-photo[data-sample="photo-beach"]').click();
    await expect(images).toHaveCount(before + 2);
    await expect(images.last().locator('img')).toHaveAttribute('src', '/host/samples/photo-beach.svg');
    await quick('location');
    await page.locator('#picker-location-title').fill('Meeting point');
    await page.locator('#picker-location-lat').fill('34.7025');
    await page.locator('#picker-location-lng').fill('135.4959');
    await page.locator('#picker-ok').click();
    const location = page.locator('#chat-messages .message.mine[data-message-type="location"]').last();
    await expect(location.locator('.m-loc-title')).toHaveText('Meeting point');
    await expect(location.locator('.m-map-coords')).toHaveText('34.7025, 135.4959');
  });

  test('box, image and text actions in flex work; a drag across a carousel is not a tap', async ({ page, server }) => {
    await post(server, 'utou', entry('flex-carousel'));
    const id = await post(server, 'utou', FLEX_ACTIONS);
    await openChat(page, server, 'utou');
    const flex = bodyOf(page, id);
    await expectSends(page, 'text tapped', () => flex.locator('.fx-text', { hasText: 'Tap this text' }).click());
    await flex.locator('.fx-box[data-action-type="postback"]').click();
    await expect(toast(page, 'Postback: data "box=tapped"')).toBeVisible();
    await flex.locator('.fx-hero .fx-image').click();
    await expect(page.locator('#inapp-browser')).toHaveAttribute('data-url', 'https://example.com/hero');
    await page.locator('#inapp-close').click();

    const carousel = page.locator('#chat-messages .fx-carousel').last();
    await carousel.scrollIntoViewIfNeeded();
    const box = (await carousel.boundingBox())!;
    const count = await page.locator('#chat-messages .message').count();
    await page.mouse.move(box.x + 200, box.y + 60);
    await page.mouse.down();
    await page.mouse.move(box.x + 120, box.y + 60, { steps: 4 });
    await page.mouse.move(box.x + 40, box.y + 60, { steps: 4 });
    await page.mouse.up();
    expect(await carousel.evaluate((el) => el.scrollLeft)).toBeGreaterThan(100);
    await page.waitForTimeout(300);
    await expect(page.locator('#chat-messages .message')).toHaveCount(count);
  });
});

test.describe('message preview', () => {
  test('renders the JSON beside the validator errors, with each error path highlighted', async ({ page, server }) => {
    await page.goto(`${server.baseUrl}/?tab=simulator`);
    await expect(page.locator('#simulator-pane')).toBeVisible();
    await expect(page.locator('.phone')).toBeHidden();
    await expect(page.locator('#preview-messages .fx-bubble')).toBeVisible();
    await expect(page.locator('#preview-status')).toHaveAttribute('data-state', 'valid');

    const invalid = {
      type: 'template',
      altText: 'Menu',
      template: { type: 'buttons', text: 'Pick one', actions: [{ type: 'message', label: 'This label is longer than twenty', text: 'x' }] },
    };
    await page.locator('#preview-input').fill(JSON.stringify(invalid, null, 2));
    await expect(page.locator('#preview-status')).toHaveAttribute('data-state', 'invalid');
    await expect(page.locator('#preview-messages .m-buttons .m-tpl-action')).toHaveText('This label is longer than twenty');
    const property = 'messages[0].template.actions[0].label';
    await expect(page.locator(`#preview-errors .preview-error[data-property="${property}"]`)).toBeVisible();
    await expect(page.locator(`#preview-highlights mark[data-property="${property}"]`)).toHaveText(
      '"label": "This label is longer than twenty"',
    );

    await page.locator('#preview-input').fill('{"type": "text", "text": }');
    await expect(page.locator('#preview-status')).toHaveAttribute('data-state', 'syntax');
    await expect(page.locator('#preview-status')).toContainText('line 1, column 26');

    // A deprecated field (spec Versioning): valid, and said so with its path.
    const deprecated = {
      type: 'template',
      altText: 'Menu',
      template: { type: 'buttons', text: 'Pick', actions: [{ type: 'postback', label: 'Go', data: 'go', text: 'go' }] },
    };
    await page.locator('#preview-input').fill(JSON.stringify(deprecated));
    await expect(page.locator('#preview-status')).toHaveText('Valid, with deprecated fields (below).');
    await expect(page.locator('#preview-errors .preview-deprecation[data-property="messages[0].template.actions[0].text"]')).toContainText(
      'use displayText',
    );

    await page.locator('#tab-chat').click();
    await expect(page.locator('.phone')).toBeVisible();
    await expect(page).not.toHaveURL(/tab=simulator/);
    await page.locator('#tab-simulator').click();
    await expect(page).toHaveURL(/tab=simulator/);
  });

  test('preview actions say what they would do, and send nothing', async ({ page, server }) => {
    await page.goto(`${server.baseUrl}/?tab=simulator`);
    await page.locator('#preview-input').fill(JSON.stringify(GALLERY.find((e) => e.name === 'template-confirm')!.message));
    await page.locator('#preview-messages .m-tpl-action', { hasText: 'Yes' }).click();
    await expect(page.locator('.preview-phone .toast')).toContainText('In a chat, the user would send "yes".');
  });
});

test.describe('hostile messages', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      (window as unknown as { __pwned?: unknown }).__pwned = undefined;
    });
  });

  /** What hostile content could have caused: requests to hostile URLs, and dialogs (dismissed). */
  function watch(page: Page): string[] {
    const bad: string[] = [];
    page.on('request', (r) => {
      if (/^(javascript|data):|evil\.example/.test(r.url())) bad.push(r.url());
    });
    page.on('dialog', (dialog) => {
      bad.push(`dialog: ${dialog.message()}`);
      void dialog.dismiss();
    });
    return bad;
  }

  test('in the chat, markup, scripts, javascript: URIs and CSS in colors stay inert', async ({ page, server }) => {
    const bad = watch(page);
    // Stored messages the validator would refuse today (a store filled before, a bot of another
    // platform): served as the chat's messages.
    await page.route(`**/embedkit/v1/chats/${CHATS.utou}/messages*`, (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({
            json: {
              messages: HOSTILE_MESSAGES.map((message, i) => ({
                id: `h${i}`,
                chatId: CHATS.utou,
                sender: { type: 'bot', id: 'Ubot', displayName: '<b>Bot</b>' },
                message,
                timestamp: 0,
              })),
            },
          })
        : route.continue(),
    );
    await page.goto(`${server.baseUrl}/?user=${ALICE}&context=utou&chat=${CHATS.utou}`);
    const chat = page.locator('#chat-messages');
    await expect(chat.locator('.message')).toHaveCount(HOSTILE_MESSAGES.length);
    await expect(chat.locator('.m-text')).toContainText('<script>window.__pwned = "script"</script><img src=x');
    await expect(chat.locator('.message-sender').first()).toHaveText('<b>Bot</b>');
    expect(await chat.locator('script, b, iframe, object, embed').count()).toBe(0);
    expect(await chat.locator('img[src="x"], img[onerror], [onerror], [onclick], [style*="url("]').count()).toBe(0);
    expect(await chat.locator('[href^="javascript:"], [src^="javascript:"], [href^="data:"]').count()).toBe(0);

    // Colors that are not hex codes are ignored.
    const bodyBlock = chat.locator('.fx-body');
    expect(await bodyBlock.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgba(0, 0, 0, 0)');
    expect(
      await chat
        .locator('.fx-text')
        .first()
        .evaluate((el) => getComputedStyle(el).color),
    ).toBe('rgb(17, 17, 17)');
    const button = chat.locator('.fx-btn');
    expect(await button.evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).position])).toEqual([
      'rgb(23, 201, 80)',
      'static',
    ]);

    // javascript: and data: links are blocked, and said so.
    await chat.locator('.m-tpl-action', { hasText: 'js link' }).click();
    await expect(toast(page, 'Blocked')).toHaveCount(1);
    await chat.locator('.m-tpl-action', { hasText: 'data link' }).click();
    await button.click();
    await expect(toast(page, 'Blocked')).toHaveCount(3);
    await expect(page.locator('#inapp-browser')).toHaveCount(0);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
    expect(bad).toEqual([]);
  });

  test('in the preview, the same messages render as text and run nothing', async ({ page, server }) => {
    const bad = watch(page);
    await page.goto(`${server.baseUrl}/?tab=simulator`);
    await page.locator('#preview-input').fill(JSON.stringify(HOSTILE_MESSAGES));
    await expect(page.locator('#preview-status')).toHaveAttribute('data-state', 'invalid');
    const preview = page.locator('#preview-messages');
    await expect(preview.locator('.message')).toHaveCount(HOSTILE_MESSAGES.length);
    expect(await preview.locator('script, b, [onerror], [href^="javascript:"], [src^="javascript:"]').count()).toBe(0);
    await expect(page.locator('#preview-errors .preview-error[data-property="messages[1].template.actions[0].uri"]')).toBeVisible();
    await preview.locator('.m-tpl-action', { hasText: 'js link' }).click();
    await expect(page.locator('.preview-phone .toast', { hasText: 'Blocked' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
    expect(bad).toEqual([]);
  });
});
