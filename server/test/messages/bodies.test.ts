// The other bodies that carry message objects (reply, push, multicast; spec part B endpoints), the
// rich menu object, the request-level errors of sendMessages, the host's preview and the published
// JSON Schema.
import { Ajv } from 'ajv';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  checkMulticastBody,
  checkPushBody,
  checkReplyBody,
  checkRichMenu,
  checkShareBody,
  checkUserMessageBody,
} from '../../src/messages/bodies.js';
import { CONFIRM_TEMPLATE, YES_NO } from '../fixtures/messages.js';
import { ABSENT, chars, set, useShare } from './harness.js';

const text = { type: 'text', text: 'Hello' };
const flex = { type: 'flex', altText: 'alt', contents: { type: 'bubble' } };
const USER = 'U4af4980629e1d2b2c0a7b4d3f0e00001';
const NOT_FLEX = 'Must be one of the following values: [text, image, video, audio, location, sticker, template, imagemap, textV2, coupon]';

describe('reply body', () => {
  it.each([
    ['replyToken is required', { messages: [text] }, [{ message: 'must be specified', property: 'replyToken' }]],
    ['replyToken may not be empty', { replyToken: '', messages: [text] }, [{ message: 'May not be empty', property: 'replyToken' }]],
    ['replyToken is a string', { replyToken: 1, messages: [text] }, [{ message: 'Must be a string', property: 'replyToken' }]],
    ['messages are required', { replyToken: 'r' }, [{ message: 'must be specified', property: 'messages' }]],
    [
      'messages max 5',
      { replyToken: 'r', messages: Array(6).fill(text) },
      [{ message: 'Size must be between 1 and 5', property: 'messages' }],
    ],
    [
      'messages are message objects',
      { replyToken: 'r', messages: [{ type: 'text', text: '' }] },
      [{ message: 'May not be empty', property: 'messages[0].text' }],
    ],
    ['no other property', { replyToken: 'r', messages: [text], to: USER }, [{ message: 'unknown property', property: 'to' }]],
  ])('%s', (_, body, details) => {
    expect(checkReplyBody(body)).toEqual(details);
  });
  it('accepts a valid body, flex included', () => {
    expect(checkReplyBody({ replyToken: 'nHuyWiB7yP5Zw52FIkcQobQuGDXCTA', messages: [text, flex] })).toBeNull();
    expect(checkReplyBody({ replyToken: 'r', messages: [text], notificationDisabled: true })).toBeNull();
  });
});

describe('quoteToken', () => {
  const quoting = { type: 'text', text: 'Hello', quoteToken: 'q' };
  it('is a push and reply property: accepted there', () => {
    expect(checkPushBody({ to: USER, messages: [quoting] })).toBeNull();
    expect(checkReplyBody({ replyToken: 'r', messages: [quoting] })).toBeNull();
  });
  it("is refused in sendMessages and the host's composer, at the message that carries it", () => {
    expect(checkShareBody({ messages: [text, quoting] })).toEqual([
      { message: "quoteToken is accepted only in a bot's push and reply", property: 'messages[1].quoteToken' },
    ]);
    expect(checkUserMessageBody({ userId: USER, message: quoting })).toEqual([
      { message: "quoteToken is accepted only in a bot's push and reply", property: 'message.quoteToken' },
    ]);
  });
});

describe('push body', () => {
  it.each([
    ['to is required', { messages: [text] }, [{ message: 'must be specified', property: 'to' }]],
    ['to is one ID', { to: [USER], messages: [text] }, [{ message: 'Must be a string', property: 'to' }]],
    ['messages at least 1', { to: USER, messages: [] }, [{ message: 'Size must be between 1 and 5', property: 'messages' }]],
    [
      'every error is reported',
      { to: '', messages: [{ type: 'text' }, { type: 'x' }] },
      [
        { message: 'May not be empty', property: 'to' },
        { message: 'must be specified', property: 'messages[0].text' },
        {
          message:
            'Must be one of the following values: [text, image, video, audio, location, sticker, template, imagemap, textV2, coupon, flex]',
          property: 'messages[1].type',
        },
      ],
    ],
  ])('%s', (_, body, details) => {
    expect(checkPushBody(body)).toEqual(details);
  });
  it('accepts a valid body', () => {
    expect(checkPushBody({ to: USER, messages: [text, flex] })).toBeNull();
  });
});

describe('multicast body', () => {
  it.each([
    ['to is required', { messages: [text] }, [{ message: 'must be specified', property: 'to' }]],
    ['to is a list', { to: USER, messages: [text] }, [{ message: 'Must be an array', property: 'to' }]],
    ['to at least 1', { to: [], messages: [text] }, [{ message: 'Size must be between 1 and 150', property: 'to' }]],
    ['to max 150', { to: Array(151).fill(USER), messages: [text] }, [{ message: 'Size must be between 1 and 150', property: 'to' }]],
    ['to items are IDs', { to: [USER, ''], messages: [text] }, [{ message: 'May not be empty', property: 'to[1]' }]],
    ['messages max 5', { to: [USER], messages: Array(6).fill(text) }, [{ message: 'Size must be between 1 and 5', property: 'messages' }]],
    ['no flex message', { to: [USER], messages: [text, flex] }, [{ message: NOT_FLEX, property: 'messages[1].type' }]],
  ])('%s', (_, body, details) => {
    expect(checkMulticastBody(body)).toEqual(details);
  });
  it('accepts 150 recipients and 5 messages of other kinds', () => {
    expect(checkMulticastBody({ to: Array(150).fill(USER), messages: Array(5).fill(text) })).toBeNull();
  });
});

const menu = {
  size: { width: 2500, height: 1686 },
  selected: false,
  name: 'Nice richmenu',
  chatBarText: 'Tap here',
  areas: [{ bounds: { x: 0, y: 0, width: 2500, height: 843 }, action: { type: 'postback', data: 'action=buy&itemid=123' } }],
};
const area = (x: number, y: number, width: number, height: number) => ({
  bounds: { x, y, width, height },
  action: { type: 'message', text: 'hi' },
});

describe('rich menu object', () => {
  it.each([
    ['size is required', 'size', { width: 2500, height: 843 }, ABSENT, 'size', 'must be specified'],
    ['width must be 2500', 'size.width', 2500, 1200, 'size.width', 'Must be one of the following values: [2500]'],
    ['height 1686 or 843', 'size.height', 843, 1000, 'size.height', 'Must be one of the following values: [1686, 843]'],
    ['selected is required', 'selected', true, ABSENT, 'selected', 'must be specified'],
    ['selected is a boolean', 'selected', true, 'yes', 'selected', 'Must be a boolean'],
    ['name is required', 'name', 'n', ABSENT, 'name', 'must be specified'],
    ['name max 300', 'name', chars(300), chars(301), 'name', 'Length must be between 0 and 300'],
    ['chatBarText is required', 'chatBarText', 'Menu', ABSENT, 'chatBarText', 'must be specified'],
    ['chatBarText max 14', 'chatBarText', chars(14), chars(15), 'chatBarText', 'Length must be between 0 and 14'],
    ['areas are required', 'areas', [], ABSENT, 'areas', 'must be specified'],
    [
      'areas max 20',
      'areas',
      Array(20).fill(area(0, 0, 125, 1686)),
      Array(21).fill(area(0, 0, 125, 1686)),
      'areas',
      'Size must be between 0 and 20',
    ],
    ['bounds are required', 'areas[0].bounds', { x: 0, y: 0, width: 1, height: 1 }, ABSENT, 'areas[0].bounds', 'must be specified'],
    ['bounds x is a pixel offset', 'areas[0].bounds.x', 0, -1, 'areas[0].bounds.x', 'Must be greater than or equal to 0'],
    [
      'bounds within the width',
      'areas[0]',
      area(1250, 0, 1250, 843),
      area(1251, 0, 1250, 843),
      'areas[0].bounds',
      'The area must lie within the rich menu (2500x1686): x + width <= 2500 and y + height <= 1686',
    ],
    [
      'bounds within the height',
      'areas[0]',
      area(0, 843, 2500, 843),
      area(0, 844, 2500, 843),
      'areas[0].bounds',
      'The area must lie within the rich menu (2500x1686): x + width <= 2500 and y + height <= 1686',
    ],
    ['action is required', 'areas[0].action', { type: 'uri', uri: 'https://example.com' }, ABSENT, 'areas[0].action', 'must be specified'],
    [
      'action label optional, max 20',
      'areas[0].action.label',
      chars(20),
      chars(21),
      'areas[0].action.label',
      'Length must be between 0 and 20',
    ],
    [
      'no camera action',
      'areas[0].action',
      { type: 'datetimepicker', data: 'd', mode: 'time' },
      { type: 'camera', label: 'c' },
      'areas[0].action.type',
      'Must be one of the following values: [postback, message, uri, datetimepicker, richmenuswitch]',
    ],
    [
      'richmenuswitch needs an alias',
      'areas[0].action',
      { type: 'richmenuswitch', richMenuAliasId: 'page-2', data: 'd' },
      { type: 'richmenuswitch', data: 'd' },
      'areas[0].action.richMenuAliasId',
      'must be specified',
    ],
    [
      'action uri schemes',
      'areas[0].action',
      { type: 'uri', uri: 'embedkit://app/x' },
      { type: 'uri', uri: 'javascript:x' },
      'areas[0].action.uri',
      'invalid uri scheme',
    ],
    ['no richMenuId on create', 'richMenuId', ABSENT, 'richmenu-1', 'richMenuId', 'unknown property'],
  ])('%s', (_, path, ok, bad, property, message) => {
    expect(checkRichMenu(set(menu, path, ok))).toBeNull();
    expect(checkRichMenu(set(menu, path, bad))).toEqual([{ message, property }]);
  });
  it('checks the bounds against the menu height 843', () => {
    expect(checkRichMenu({ ...menu, size: { width: 2500, height: 843 }, areas: [area(0, 0, 2500, 843)] })).toBeNull();
    expect(checkRichMenu({ ...menu, size: { width: 2500, height: 843 }, areas: [area(0, 0, 2500, 1686)] })).toEqual([
      {
        message: 'The area must lie within the rich menu (2500x843): x + width <= 2500 and y + height <= 843',
        property: 'areas[0].bounds',
      },
    ]);
  });
});

describe('any body', () => {
  it('treats null properties as absent', () => {
    expect(
      checkShareBody({
        messages: [
          {
            type: 'template',
            altText: 'a',
            template: {
              type: 'buttons',
              title: null,
              thumbnailImageUrl: null,
              text: 'x'.repeat(160),
              actions: [{ type: 'message', label: 'l', text: 't' }],
            },
          },
        ],
      }),
    ).toBeNull();
    expect(checkShareBody({ messages: [{ type: 'text', text: null }] })).toEqual([
      { message: 'must be specified', property: 'messages[0].text' },
    ]);
  });
  it('refuses nesting beyond 100 levels with one detail', () => {
    let deep: unknown = [];
    for (let i = 0; i < 2000; i++) deep = [deep];
    expect(checkShareBody({ messages: [{ type: 'text', text: 'x', deep }] })).toEqual([
      { message: 'Nesting depth must be at most 100', property: `messages[0].deep${'[0]'.repeat(97)}` },
    ]);
  });
  it('accepts boxes nested 46 deep in a carousel and refuses 47 without overflowing the stack', () => {
    const nested = (depth: number) => {
      let node: unknown = { type: 'text', text: 'x' };
      for (let i = 0; i < depth; i++) node = { type: 'box', layout: 'vertical', contents: [node] };
      return { messages: [{ type: 'flex', altText: 'a', contents: { type: 'carousel', contents: [{ type: 'bubble', body: node }] } }] };
    };
    expect(checkShareBody(nested(46))).toBeNull();
    expect(checkShareBody(nested(47))?.[0]?.message).toBe('Nesting depth must be at most 100');
    expect(checkShareBody(nested(5000))?.[0]?.message).toBe('Nesting depth must be at most 100');
  });
  it('lists at most 100 details', () => {
    const wide = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`k${i}`, i]));
    const details = checkShareBody({ messages: [{ type: 'text', text: 'x', ...wide }] });
    expect(details).toHaveLength(100);
    expect(details?.[0]).toEqual({ message: 'unknown property', property: 'messages[0].k0' });
  });
  it('words a body that is not an object without a property', () => {
    expect(checkShareBody([])).toEqual([{ message: 'Must be an object' }]);
    expect(checkUserMessageBody({ userId: 'U1', message: { type: 'image' } })).toEqual([
      { message: 'must be specified', property: 'message.originalContentUrl' },
      { message: 'must be specified', property: 'message.previewImageUrl' },
    ]);
  });
});

describe('sendMessages request errors (HTTP)', () => {
  const { share, kit, token } = useShare();
  const raw = (body: string, type = 'application/json') =>
    request(kit().app).post('/message/v3/share').set('Authorization', `Bearer ${token()}`).set('Content-Type', type).send(body);

  it('answers every error with its count', async () => {
    const res = await share({ messages: [{ type: 'text', text: '' }, { type: 'gif' }] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'The request body has 2 error(s)',
      details: [
        { message: 'May not be empty', property: 'messages[0].text' },
        {
          message:
            'Must be one of the following values: [text, image, video, audio, location, sticker, template, imagemap, textV2, coupon, flex]',
          property: 'messages[1].type',
        },
      ],
    });
  });
  it('points at messages[1].template.actions[0].label', async () => {
    const ok = { type: 'text', text: 'ok' };
    const [yes, no] = YES_NO;
    const bad = { ...CONFIRM_TEMPLATE, template: { ...CONFIRM_TEMPLATE.template, actions: [{ ...yes, label: chars(21) }, no] } };
    const res = await share({ messages: [ok, bad] });
    expect(res.body).toEqual({
      message: 'The request body has 1 error(s)',
      details: [{ message: 'Length must be between 0 and 20', property: 'messages[1].template.actions[0].label' }],
    });
  });
  it('answers a body that is not JSON with its line and column', async () => {
    const res = await raw('{\n  "messages": [\n    {"type": "text", "text": "a",}\n  ]\n}');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'The request body could not be parsed as JSON (line: 3, column: 34)' });
  });
  it('answers another content type', async () => {
    const res = await raw('messages=x', 'application/x-www-form-urlencoded');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'The content type, application/x-www-form-urlencoded, is not supported' });
  });
});

describe('the host preview uses the same validator', () => {
  const { kit } = useShare();
  it('answers the same details as data', async () => {
    const body = {
      messages: [{ type: 'flex', altText: 'a', contents: { type: 'bubble', hero: { type: 'box', layout: 'vertical', contents: [] } } }],
    };
    const res = await request(kit().app).post('/embedkit/v1/messages/validate').send(body);
    expect(res.body).toEqual({ valid: false, message: 'The request body has 1 error(s)', details: checkShareBody(body) });
    expect(res.body.details).toEqual([
      { message: 'Must be one of the following values: [image]', property: 'messages[0].contents.hero.type' },
    ]);
  });
});

describe('GET /schemas/v1/message.json', () => {
  const { kit } = useShare();
  it('publishes a self-contained JSON Schema that editors can use', async () => {
    const res = await request(kit().app).get('/schemas/v1/message.json').set('Host', 'localhost:8080');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('application/schema+json');
    const schema = JSON.parse(res.text) as Record<string, unknown>;
    expect(schema).toMatchObject({
      $id: 'http://localhost:8080/schemas/v1/message.json',
      title: 'Message object',
      $schema: 'http://json-schema.org/draft-07/schema#',
    });
    expect(Object.keys(schema.definitions as object)).toEqual(['FlexBox']);
    expect(res.text).not.toContain('platformErrors');
    // A plain JSON Schema validator (no embedkit keywords but uriSchemes) agrees on shapes.
    const ajv = new Ajv({ strict: false });
    ajv.addKeyword('uriSchemes');
    const validate = ajv.compile(schema);
    const bubble = {
      type: 'bubble',
      body: { type: 'box', layout: 'vertical', contents: [{ type: 'box', layout: 'baseline', contents: [{ type: 'text', text: 'x' }] }] },
    };
    expect(validate({ type: 'flex', altText: 'a', contents: bubble })).toBe(true);
    expect(
      validate({
        type: 'flex',
        altText: 'a',
        contents: { ...bubble, body: { type: 'box', layout: 'vertical', contents: [{ type: 'box', contents: [] }] } },
      }),
    ).toBe(false);
    expect(validate({ type: 'text', text: 'x'.repeat(2001) })).toBe(false);
  });
  it('publishes the rich menu object too', async () => {
    const res = await request(kit().app).get('/schemas/v1/rich-menu.json');
    expect(JSON.parse(res.text)).toMatchObject({
      title: 'Rich menu object',
      required: ['size', 'selected', 'name', 'chatBarText', 'areas'],
    });
  });
});
