/**
 * Post Event (`POST /v1/events`, spec parts E and F): every kind reaches the host's chats
 * in the shape the host renders, and every wrong field is refused in the v1 error format.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Embedkit } from '../../src/kit/embedkit.js';
import {
  ALICE,
  ALICE_ENTERPRISE,
  ALICE_TRIAL,
  BOB,
  BOB_TRIAL,
  chatMessages,
  ENTERPRISE,
  enterpriseHeaders,
  GROUP,
  LINK,
  makeV1Kit,
  MULTIPLE,
  postEvent,
  ROOM,
  single,
  TO_CHANNEL,
} from './helpers.js';

let kit: Embedkit;
beforeAll(async () => (kit = await makeV1Kit()));
afterAll(() => kit.close());

const last = async (chatId: string) => (await chatMessages(kit, chatId)).at(-1)!;

/** A rich message's contentMetadata (spec "Rich message model"), with parts overridden. */
function rich(
  o: { height?: number; drawW?: number; imageH?: number; listenerAction?: string; area?: number[]; actions?: Record<string, unknown> } = {},
) {
  const h = o.height ?? 1040;
  const markup = {
    canvas: { width: 1040, height: h, initialScene: 'scene1' },
    images: { image1: { x: 0, y: 0, w: 1040, h: o.imageH ?? h } },
    actions: o.actions ?? {
      open: { type: 'web', text: 'Open the shop', params: { linkUri: 'https://example.com/shop' } },
      say: { type: 'sendMessage', text: 'Say hi', params: { text: 'hi' } },
    },
    scenes: {
      scene1: {
        draws: [{ image: 'image1', x: 0, y: 0, w: o.drawW ?? 1040, h }],
        listeners: [
          { type: 'touch', params: o.area ?? [0, 0, 520, h], action: o.listenerAction ?? 'open' },
          { type: 'touch', params: [520, 0, 520, h], action: 'say' },
        ],
      },
    },
  };
  return {
    contentType: 12,
    toType: 1,
    contentMetadata: {
      DOWNLOAD_URL: 'https://example.com/rich/1',
      SPEC_REV: '1',
      ALT_TEXT: 'Our shop',
      MARKUP_JSON: JSON.stringify(markup),
    },
  };
}

describe('Post Event: every kind of the spec reaches the chat', () => {
  it('text, on both interfaces, answered as the platform SDK fixtures show it', async () => {
    for (const [iface, chat] of [
      ['enterprise', ALICE_ENTERPRISE],
      ['trial', ALICE_TRIAL],
    ] as const) {
      const res = await postEvent(kit, iface, single([ALICE], { contentType: 1, text: `hello from ${iface}` }));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ failed: [], messageId: expect.stringMatching(/^[0-9]+$/), timestamp: expect.any(Number), version: 1 });
      const m = await last(chat);
      expect(m.sender.type).toBe('bot');
      expect(m.message).toEqual({ type: 'text', text: `hello from ${iface}` });
    }
  });

  it('image, video, audio (AUDLEN), location and sticker', async () => {
    const kinds: [Record<string, unknown>, Record<string, unknown>][] = [
      [
        { contentType: 2, originalContentUrl: 'https://example.com/a.jpg', previewImageUrl: 'https://example.com/a-s.jpg' },
        { type: 'image', originalContentUrl: 'https://example.com/a.jpg', previewImageUrl: 'https://example.com/a-s.jpg' },
      ],
      [
        { contentType: 3, originalContentUrl: 'https://example.com/a.mp4', previewImageUrl: 'https://example.com/a.jpg' },
        { type: 'video', originalContentUrl: 'https://example.com/a.mp4', previewImageUrl: 'https://example.com/a.jpg' },
      ],
      [
        { contentType: 4, originalContentUrl: 'https://example.com/a.m4a', contentMetadata: { AUDLEN: '2400' } },
        { type: 'audio', originalContentUrl: 'https://example.com/a.m4a', duration: 2400 },
      ],
      [
        { contentType: 7, text: 'Tokyo Tower', location: { title: 'Tokyo Tower', latitude: 35.6586, longitude: 139.7454 } },
        { type: 'location', title: 'Tokyo Tower', address: 'Tokyo Tower', latitude: 35.6586, longitude: 139.7454 },
      ],
      [
        { contentType: 8, contentMetadata: { STKID: '3', STKPKGID: '332', STKVER: '100' } },
        { type: 'sticker', packageId: '332', stickerId: '3' },
      ],
    ];
    for (const [content, stored] of kinds) {
      const res = await postEvent(kit, 'enterprise', single([ALICE], content));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect((await last(ALICE_ENTERPRISE)).message).toEqual(stored);
    }
  });

  it('multiple messages: each its own bubble, in order; users only', async () => {
    const body = {
      to: [ALICE, BOB],
      toChannel: TO_CHANNEL,
      eventType: MULTIPLE,
      content: {
        messageNotified: 1,
        messages: [
          { contentType: 1, text: 'one' },
          { contentType: 8, contentMetadata: { STKID: '1', STKPKGID: '1' } },
        ],
      },
    };
    const res = await postEvent(kit, 'trial', body);
    expect(res.status).toBe(200);
    const msgs = (await chatMessages(kit, BOB_TRIAL)).slice(-2).map((m) => m.message);
    expect(msgs).toEqual([
      { type: 'text', text: 'one' },
      { type: 'sticker', packageId: '1', stickerId: '1' },
    ]);
    const bad = await postEvent(kit, 'trial', { ...body, content: { ...body.content, messageNotified: 2 } });
    expect(bad.status).toBe(400);
    expect(bad.body.statusMessage).toMatch(/^content\.messageNotified:/);
  });

  it('rich message: an imagemap of DOWNLOAD_URL with one area per listener', async () => {
    const res = await postEvent(kit, 'enterprise', single([ALICE], rich()));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await last(ALICE_ENTERPRISE)).message).toEqual({
      type: 'imagemap',
      baseUrl: 'https://example.com/rich/1',
      altText: 'Our shop',
      baseSize: { width: 1040, height: 1040 },
      actions: [
        { type: 'uri', linkUri: 'https://example.com/shop', area: { x: 0, y: 0, width: 520, height: 1040 }, label: 'Open the shop' },
        { type: 'message', text: 'hi', area: { x: 520, y: 0, width: 520, height: 1040 }, label: 'Say hi' },
      ],
      richMessage: true,
    });
  });

  it('rich message: the model’s fixed values and bounds are checked, naming the field', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [rich({ height: 2081 }), /MARKUP_JSON\.canvas\.height: must be an integer from 1 to 2080/],
      [rich({ drawW: 500 }), /draws\[0\]\.w: must be one of 1040, 700, 460, 300, 240/],
      [rich({ drawW: 700 }), /draws\[0\]\.w: must equal the image width/],
      [rich({ imageH: 900 }), /images\.image1\.h: must equal canvas\.height/],
      [rich({ listenerAction: 'nowhere' }), /listeners\[0\]\.action: must be the id of an action defined in actions/],
      [rich({ area: [600, 0, 520, 100] }), /listeners\[0\]\.params: must lie inside the 1040x1040 canvas/],
      [
        rich({ actions: { open: { type: 'app', params: {} }, say: { type: 'sendMessage', params: { text: 'x' } } } }),
        /actions\.open\.type: must be "web" or "sendMessage"/,
      ],
      [{ ...rich(), toType: 3 }, /content\.toType: a rich message goes to users only/],
    ];
    for (const [content, message] of cases) {
      const res = await postEvent(kit, 'enterprise', single(content.toType === 3 ? [GROUP] : [ALICE], content));
      expect(res.status).toBe(400);
      expect(res.body.statusCode).toBe('400');
      expect(res.body.statusMessage).toMatch(message);
    }
  });

  it('link message (enterprise): the template filled, text escaped as sent, preview falling back to the channel icon', async () => {
    const body = {
      to: [ALICE],
      toChannel: '1341301715',
      eventType: LINK,
      content: {
        templateId: 'welcome',
        textParams: { name: 'Alice &amp; Bob' },
        subTextParams: { order: 'A-1' },
        linkUriParams: { order: 'A-1' },
      },
    };
    const res = await postEvent(kit, 'enterprise', body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await last(ALICE_ENTERPRISE)).message).toEqual({
      type: 'link',
      templateId: 'welcome',
      text: 'Hello <b>Alice &amp; Bob</b>, your order is ready',
      subText: 'Order A-1',
      linkText: 'Open order',
      linkUri: 'https://example.com/orders/A-1',
      previewUrl: `http://localhost:9999/embedkit/v1/channels/${ENTERPRISE.id}/icon`,
    });
    const withPreview = await postEvent(kit, 'enterprise', {
      ...body,
      content: { ...body.content, previewUrl: 'https://example.com/p.jpg' },
    });
    expect(withPreview.status).toBe(200);
    expect((await last(ALICE_ENTERPRISE)).message.previewUrl).toBe('https://example.com/p.jpg');

    const refusals: [Record<string, unknown>, RegExp][] = [
      [{ textParams: { name: 'Tom & Jerry' } }, /content\.textParams\.name: must escape/],
      [{ textParams: { name: '<i>x</i>' } }, /content\.textParams\.name: must escape/],
      [{ textParams: { name: 'A', city: 'B' } }, /content\.textParams\.city: the template welcome has no placeholder \$\{city\}/],
      [{ textParams: {} }, /content\.textParams: the template's placeholder \$\{name\} in text needs a value/],
      [{ templateId: 'nope' }, /content\.templateId: channel 1650000002 has no link message template nope/],
      [{ toType: 2 }, /content\.toType: a link message goes to users \(1\) or groups \(3\), not rooms/],
    ];
    for (const [patch, message] of refusals) {
      const r = await postEvent(kit, 'enterprise', { ...body, content: { ...body.content, ...patch } });
      expect(r.status).toBe(400);
      expect(r.body.statusMessage).toMatch(message);
    }
    const onTrial = await postEvent(kit, 'trial', body);
    expect(onTrial.status).toBe(400);
    expect(onTrial.body.statusMessage).toMatch(/link messages do not exist on the trial interface/);
  });

  it('groups and rooms on the enterprise interface (toType 3 and 2); the trial interface sends to users only', async () => {
    const res = await postEvent(kit, 'enterprise', single([GROUP], { toType: 3, contentType: 1, text: 'hello group' }));
    expect(res.status).toBe(200);
    expect((await last(GROUP)).message).toEqual({ type: 'text', text: 'hello group' });
    // The bot is not in the room: the room is listed as failed, and nothing is written there.
    const room = await postEvent(kit, 'enterprise', single([ROOM], { toType: 2, contentType: 1, text: 'hello room' }));
    expect(room.status).toBe(200);
    expect(room.body.failed).toEqual([ROOM]);
    expect((await chatMessages(kit, ROOM)).some((m) => m.message.text === 'hello room')).toBe(false);
    const trial = await postEvent(kit, 'trial', single([GROUP], { toType: 3, contentType: 1, text: 'x' }));
    expect(trial.status).toBe(400);
    expect(trial.body.statusMessage).toMatch(/^content\.toType: must be 1: the trial interface sends to users only/);
  });

  it('lists in `failed` a user who blocked the bot; refuses an unknown MID with 422 invalid users', async () => {
    await request(kit.app).put(`/embedkit/v1/users/${BOB}/friendships/${ENTERPRISE.id}`).send({ state: 'blocked' }).expect(200);
    const res = await postEvent(kit, 'enterprise', single([ALICE, BOB], { contentType: 1, text: 'to both' }));
    expect(res.status).toBe(200);
    expect(res.body.failed).toEqual([BOB]);
    await request(kit.app).put(`/embedkit/v1/users/${BOB}/friendships/${ENTERPRISE.id}`).send({ state: 'friend' }).expect(200);
    const unknown = await postEvent(kit, 'enterprise', single([ALICE, 'u00000000000000000000000000000000'], { contentType: 1, text: 'x' }));
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ statusCode: '422', statusMessage: 'invalid users' });
    expect((await last(ALICE_ENTERPRISE)).message.text).toBe('to both');
  });

  it('checks to, toChannel, eventType and the text limits, and accepts toChannel as a numeric string', async () => {
    const asString = await postEvent(kit, 'enterprise', {
      ...single([ALICE], { contentType: 1, text: 'string channel' }),
      toChannel: String(TO_CHANNEL),
    });
    expect(asString.status).toBe(200);
    const cases: [unknown, RegExp][] = [
      [{ ...single([], { contentType: 1, text: 'x' }) }, /^to: must be an array of 1 to 150 MIDs/],
      [
        {
          ...single(
            Array.from({ length: 151 }, () => ALICE),
            { contentType: 1, text: 'x' },
          ),
        },
        /^to: must hold at most 150 MIDs \(151 given\)/,
      ],
      [{ ...single([ALICE], { contentType: 1, text: 'x' }), toChannel: 1341301715 }, /^toChannel: must be 1383378250/],
      [{ ...single([ALICE], { contentType: 1, text: 'x' }), eventType: '1' }, /^eventType: must be/],
      [single([ALICE], { contentType: 1, text: 'x'.repeat(1025) }), /^content\.text: must be at most 1024 characters/],
      [single([ALICE], { contentType: 5, text: 'x' }), /^content\.contentType: must be 1 \(text\)/],
      [single([ALICE], { contentType: 4, originalContentUrl: 'https://example.com/a.m4a' }), /^content\.contentMetadata\.AUDLEN:/],
      [
        single([ALICE], { contentType: 2, originalContentUrl: 'ftp://x/a.jpg', previewImageUrl: 'https://example.com/a.jpg' }),
        /^content\.originalContentUrl:/,
      ],
      [
        single([ALICE], { contentType: 7, text: 'A', location: { title: 'B', latitude: 1, longitude: 2 } }),
        /^content\.text: must be the same string as location\.title/,
      ],
      [[1, 2], /^body: must be a JSON object/],
    ];
    for (const [body, message] of cases) {
      const res = await postEvent(kit, 'enterprise', body);
      expect(res.status, String(message)).toBe(400);
      expect(res.body.statusCode).toBe('400');
      expect(res.body.statusMessage).toMatch(message);
    }
    const exact = await postEvent(kit, 'enterprise', single([ALICE], { contentType: 1, text: 'y'.repeat(1024) }));
    expect(exact.status).toBe(200);
  });

  it('refuses a body that is not JSON, or not sent as JSON, in the v1 format', async () => {
    const headers = await enterpriseHeaders(kit);
    const notJson = await request(kit.app)
      .post('/v1/events')
      .set(headers)
      .set('Content-Type', 'application/json; charset=UTF-8')
      .send('{"to": [');
    expect(notJson.status).toBe(400);
    expect(notJson.body).toEqual({ statusCode: '400', statusMessage: 'the request body is not valid JSON (line: 1, column: 9)' });
    const form = await request(kit.app).post('/v1/events').set(headers).type('form').send({ to: ALICE });
    expect(form.status).toBe(400);
    expect(form.body.statusMessage).toMatch(/^Content-Type must be application\/json/);
  });
});
