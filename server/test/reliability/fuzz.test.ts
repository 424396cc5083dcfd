// Property-based fuzzing of every route: generated requests with wrong types, missing and
// extra fields, huge strings, deep nesting, bad encodings, wrong methods and content types, bad and
// expired tokens. No answer may be a 5xx, the server must keep answering, and every error body is
// in the format of its interface. FUZZ_RUNS sets the number of requests (CI: 10,000).
import { request as httpRequest, Agent, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Embedkit } from '../../src/kit/embedkit.js';
import { createGuardedServer } from '../../src/serve/guarded-server.js';
import { ALICE, ALICE_BOT, BOB, botToken, GROUP, makeBotKit, say, TRIAL, VERIFIED } from '../bot/helpers.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const DAY = 24 * 3600 * 1000;

type Format = 'message' | 'oauth' | 'v1' | 'iap' | 'html' | 'any';

/** Every route of the routers, with the error format(s) its interface uses. */
const ROUTES: Array<{ path: string; format: Format[] }> = [
  ...['/v2/oauth/accessToken', '/v2/oauth/revoke', '/v2/oauth/verify'].map((path) => ({ path, format: ['oauth'] as Format[] })),
  ...['/embed/v1/apps', '/embed/v1/apps/:embedId', '/embed/v1/apps/:embedId/view', '/liff/v1/apps', '/liff/v1/apps/:liffId'].map(
    (path) => ({
      path,
      format: ['message'] as Format[],
    }),
  ),
  { path: '/v2/profile', format: ['message'] },
  { path: '/message/v3/share', format: ['message'] },
  { path: '/message/v3/notifier/token', format: ['message'] },
  { path: '/message/v3/notifier/send', format: ['message'] },
  // LINE MINI App in-app purchase: its own error body, `{errorCode, message, details?}`.
  ...['/iap/v1/product/reserve', '/iap/v1/webhook/events'].map((path) => ({ path, format: ['iap'] as Format[] })),
  ...[
    '/v2/bot/message/reply',
    '/v2/bot/message/push',
    '/v2/bot/message/multicast',
    '/v2/bot/message/:messageId/content',
    '/v2/bot/message/:messageId/content/preview',
    '/v2/bot/message/:messageId/content/transcoding',
    '/v2/bot/profile/:userId',
    '/v2/bot/group/:chatId/member/:userId',
    '/v2/bot/group/:chatId/members/ids',
    '/v2/bot/group/:chatId/leave',
    '/v2/bot/room/:chatId/member/:userId',
    '/v2/bot/room/:chatId/members/ids',
    '/v2/bot/room/:chatId/leave',
    // Rich menus and a bot's daily calls.
    '/v2/bot/richmenu',
    '/v2/bot/richmenu/validate',
    '/v2/bot/richmenu/list',
    '/v2/bot/richmenu/:richMenuId',
    '/v2/bot/richmenu/:richMenuId/content',
    '/v2/bot/richmenu/bulk/link',
    '/v2/bot/richmenu/bulk/unlink',
    '/v2/bot/richmenu/alias',
    '/v2/bot/richmenu/alias/list',
    '/v2/bot/richmenu/alias/:aliasId',
    '/v2/bot/user/all/richmenu',
    '/v2/bot/user/all/richmenu/:richMenuId',
    '/v2/bot/user/:userId/richmenu',
    '/v2/bot/user/:userId/richmenu/:richMenuId',
    '/v2/bot/info',
    '/v2/bot/channel/webhook/endpoint',
    '/v2/bot/channel/webhook/test',
    '/v2/bot/message/validate/push',
    '/v2/bot/message/broadcast',
    '/v2/bot/message/narrowcast',
    '/v2/bot/message/progress/narrowcast',
    '/v2/bot/message/quota',
    '/v2/bot/message/quota/consumption',
    '/v2/bot/message/delivery/push',
    '/v2/bot/message/delivery/pnp',
    '/bot/pnp/push',
    '/v2/bot/followers/ids',
    '/v2/bot/group/:chatId/summary',
    '/v2/bot/group/:chatId/members/count',
    '/v2/bot/room/:chatId/members/count',
    '/v2/bot/chat/loading/start',
    '/v2/bot/chat/markAsRead',
    '/v2/bot/message/markAsRead',
    '/embedkit/v1/channels/:channelId/rich-menu',
    '/embedkit/v1/channels/:channelId/rich-menu-aliases/:aliasId',
    '/embedkit/v1/channels/:channelId/rich-menus/:richMenuId/image',
    '/embedkit/v1/coupons/:couponId/users/:userId',
    '/embedkit/v1/coupons/:couponId/users/:userId/use',
    '/embedkit/v1/chats/:chatId/indicators',
    '/v2/bot/user/:userId/linkToken',
    '/v2/bot/richmenu/batch',
    '/v2/bot/richmenu/validate/batch',
    '/v2/bot/richmenu/progress/batch',
    '/v2/bot/audienceGroup/upload',
    '/v2/bot/audienceGroup/upload/byFile',
    '/v2/bot/audienceGroup/click',
    '/v2/bot/audienceGroup/imp',
    '/v2/bot/audienceGroup/:audienceGroupId/updateDescription',
    '/v2/bot/audienceGroup/:audienceGroupId',
    '/v2/bot/audienceGroup/list',
    '/v2/bot/audienceGroup/shared/:audienceGroupId',
    '/v2/bot/audienceGroup/shared/list',
    '/v2/bot/coupon',
    '/v2/bot/coupon/:couponId',
    '/v2/bot/coupon/:couponId/close',
    // Insight.
    '/v2/bot/insight/demographic',
    '/v2/bot/insight/message/delivery',
    '/v2/bot/insight/followers',
    '/v2/bot/insight/message/event',
    '/v2/bot/insight/message/event/aggregation',
    '/v2/bot/insight/richmenu/:richMenuId/summary',
    '/v2/bot/insight/richmenu/:richMenuId/daily',
    '/v2/bot/message/aggregation/info',
    '/v2/bot/message/aggregation/list',
    '/shop/v3/mission',
    '/embedkit/v1/insight/reports',
    '/embedkit/v1/channels/:channelId/insight',
    // Memberships: the bot's operations and the person's plans, joining and leaving.
    '/v2/bot/membership/subscription/:userId',
    '/v2/bot/membership/list',
    '/v2/bot/membership/:membershipId/users/ids',
    '/embedkit/v1/channels/:channelId/memberships',
    '/embedkit/v1/memberships/:membershipId/users/:userId/join',
    '/embedkit/v1/memberships/:membershipId/users/:userId/leave',
    // Module channels: the module's operations and the host's controls; any event type on demand;
    // a watched video; the chat members, unsend, assertion keys; the phones and the LAN link.
    '/v2/bot/channel/detach',
    '/v2/bot/chat/:chatId/control/acquire',
    '/v2/bot/chat/:chatId/control/release',
    '/v2/bot/list',
    '/embedkit/v1/modules',
    '/embedkit/v1/modules/:moduleChannelId/authorize',
    '/embedkit/v1/modules/:moduleChannelId/detach',
    '/embedkit/v1/channels/:channelId/chats/:chatId/control',
    '/embedkit/v1/channels/:channelId/suspension',
    '/embedkit/v1/channels/:channelId/events',
    '/embedkit/v1/chats/:chatId/messages/:messageId/video-play-complete',
    '/embedkit/v1/chats/:chatId/messages/:messageId/unsend',
    '/embedkit/v1/chats/:chatId/members',
    '/embedkit/v1/chats/:chatId/members/:userId',
    '/embedkit/v1/channels/:channelId/assertion-keys',
    '/embedkit/v1/phones',
    '/embedkit/v1/phones/:phoneId/reports',
    '/embedkit/v1/phones/:phoneId/log',
    '/embedkit/v1/lan',
    '/embedkit/v1/lan/qr-code',
    // A body it takes empties the world and loads the kit's scenario again.
    '/embedkit/v1/world/reset',
    // In-app purchase: the store, the person and the console's part.
    '/embedkit/v1/mini-apps/:embedId/iap/products',
    '/embedkit/v1/mini-apps/:embedId/iap/webhook',
    '/embedkit/v1/users/:userId/iap/consent',
    '/embedkit/v1/iap/orders',
    '/embedkit/v1/iap/orders/:orderId',
    '/embedkit/v1/iap/orders/:orderId/payment',
    '/embedkit/v1/iap/orders/:orderId/refund',
  ].map((path) => ({ path, format: ['message'] as Format[] })),
  // A module channel's exchange of its authorization code (module-attach.yml): OAuth errors.
  { path: '/module/auth/v1/token', format: ['oauth'] },
  // The platform's account-link page (HTML for people; unknown methods get the 404 JSON).
  { path: '/dialog/bot/accountLink', format: ['html', 'message'] },
  // The simulator's v1 settings (template bodies are checked with the v1 rules).
  ...['/embedkit/v1/channels/:channelId/v1', '/embedkit/v1/channels/:channelId/icon', '/embedkit/v1/chats/:chatId/contacts'].map(
    (path) => ({ path, format: ['message'] as Format[] }),
  ),
  { path: '/embedkit/v1/channels/:channelId/link-templates/:id', format: ['v1', 'message'] },
  { path: '/oauth2/v2.1/authorize', format: ['html', 'message'] },
  { path: '/oauth2/v2.1/authorize/consent', format: ['html', 'message'] },
  ...['/oauth2/v2.1/token', '/oauth2/v2.1/verify', '/oauth2/v2.1/revoke', '/oauth2/v2.1/tokens/kid', '/oauth2/v3/token'].map((path) => ({
    path,
    format: ['oauth'] as Format[],
  })),
  ...['/v1/oauth/accessToken', '/v1/oauth/verify', '/v1/oauth/logout'].map((path) => ({ path, format: ['v1'] as Format[] })),
  { path: '/friendship/v1/status', format: ['message'] },
  ...[
    '/embedkit/v1/world',
    '/embedkit/v1/sessions',
    '/embedkit/v1/chats/:chatId/messages',
    '/embedkit/v1/chats/:chatId/postbacks',
    '/embedkit/v1/chats/:chatId/media',
    '/embedkit/v1/chats/:chatId/bots',
    '/embedkit/v1/chats/:chatId/bots/:channelId',
    '/embedkit/v1/messages/validate',
    '/embedkit/v1/users/:userId/picture',
    '/embedkit/v1/users/:userId/picture/:size',
    '/embedkit/v1/users/:userId/friendships/:channelId',
    '/embedkit/v1/contents/:messageId',
    '/embedkit/v1/bots',
    '/embedkit/v1/channels/:channelId',
    '/embedkit/v1/channels/:channelId/beacon',
    '/embedkit/v1/channels/:channelId/account-link',
    '/embedkit/v1/channels/:channelId/webhook',
    '/embedkit/v1/deliveries',
    '/embedkit/v1/deliveries/:id/redeliver',
    '/embedkit/v1/clock',
    '/embedkit/v1/tokens/invalidate',
    '/embedkit/v1/events/stream',
    '/embedkit/v1/scenario',
    '/embedkit/v1/channels/:channelId/reply-tokens',
    '/schemas/v1/config.json',
  ].map((path) => ({ path, format: ['message'] as Format[] })),
  ...[
    '/demo/login/api/config',
    '/demo/login/api/exchange',
    '/demo/login/api/session',
    '/demo/login/api/refresh',
    '/demo/login/api/verify',
    '/demo/login/api/profile',
    '/demo/login/api/friendship',
    '/demo/login/api/revoke',
  ].map(
    // The demo app's own backend, not a platform interface: its errors are its own.
    (path) => ({ path, format: ['any'] as Format[] }),
  ),
  { path: '/', format: ['any'] },
  { path: '/sdk/v1/sdk.js', format: ['any'] },
];

let kit: Embedkit;
let server: Server;
let port: number;
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
const tokens: Record<string, string> = {};
const methods = new Map<string, string[]>();

beforeAll(async () => {
  kit = await makeBotKit();
  server = createGuardedServer().on('request', kit.app).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  port = (server.address() as AddressInfo).port;
  // Tokens issued now expire when the clock jumps 40 days ahead below.
  tokens.expiredChannel = await botToken(kit);
  tokens.expiredUser = await session();
  kit.clock.advance(40 * DAY);
  tokens.channel = await botToken(kit);
  tokens.verified = await botToken(kit, VERIFIED);
  tokens.user = await session();
  await say(kit, ALICE_BOT, ALICE, 'hello');
  // The methods each route answers: those that do not get the generic "Not found" of unknown paths.
  for (const route of ROUTES) {
    const p = route.path.replace(/:(\w+)/g, (_m, name: string) => goodSegment[name]?.[0] ?? 'x');
    const found: string[] = [];
    for (const m of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH']) {
      const res = await send({ method: m, path: p, headers: {} });
      if (!(res.status === 404 && res.text.startsWith('{"message":"Not found: '))) found.push(m);
    }
    methods.set(route.path, found);
  }
});
afterAll(async () => {
  agent.destroy();
  await new Promise((r) => server?.close(r));
  await kit.close();
});

async function session(): Promise<string> {
  const res = await send({
    method: 'POST',
    path: '/embedkit/v1/sessions',
    headers: { 'content-type': 'application/json' },
    body: Buffer.from(
      JSON.stringify({
        userId: ALICE,
        channelId: TRIAL.id,
        scopes: ['profile', 'chat_message.write', 'openid'],
        context: { type: 'utou', chatId: 'UU0a11ce00000000000000000000000b0' },
      }),
    ),
  });
  if (res.status !== 200) throw new Error(`session: ${res.status} ${res.text}`);
  return JSON.parse(res.text).access_token;
}

interface Req {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}
interface Res {
  status: number;
  type: string;
  text: string;
}

/** One raw HTTP request (no client-side rules: any method with any body, any bytes). */
function send(req: Req): Promise<Res> {
  return new Promise((resolve, reject) => {
    const r = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: req.method,
        path: req.path,
        headers: { ...req.headers, ...(req.body ? { 'content-length': String(req.body.length) } : {}) },
        agent,
      },
      (res) => {
        const type = String(res.headers['content-type'] ?? '');
        if (type.startsWith('text/event-stream')) {
          // The live event stream stays open: its status is the answer.
          res.destroy();
          return resolve({ status: res.statusCode!, type, text: '' });
        }
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, type, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    r.setTimeout(10_000, () => r.destroy(new Error(`timeout: ${req.method} ${req.path}`)));
    r.on('error', reject);
    r.end(req.body);
  });
}

// ---- generators ----

const garbageSegment = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    '..',
    '%2e%2e',
    '%00',
    '%ff%fe',
    '%',
    '%E0%A4%A',
    '__proto__',
    'constructor',
    ' ',
    '0',
    '-1',
    '1e999',
    'null',
    '{}',
    'large',
    'small',
  ),
  fc.constant('x'.repeat(5000)),
);
const goodSegment: Record<string, string[]> = {
  embedId: ['1650000001-demoapp1', '1650000002-abcdefgh'],
  liffId: ['1650000001-demoapp1', '1650000002-abcdefgh'],
  messageId: ['1', '100000000000000000000'],
  userId: [ALICE, BOB],
  chatId: [ALICE_BOT, GROUP, 'R0000000000000000000000000000000a'],
  channelId: [TRIAL.id, VERIFIED.id],
  membershipId: ['3189', '99999999999999999999'],
  size: ['large', 'small'],
  id: ['1', '2', '999999'],
  audienceGroupId: ['1234567890123', '1', '99999999999999999999'],
  moduleChannelId: [TRIAL.id, VERIFIED.id],
  phoneId: ['phone-1', 'x'],
};
const path = fc
  .tuple(
    fc.constantFrom(...ROUTES),
    fc.array(fc.oneof({ weight: 2, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: garbageSegment }), {
      minLength: 4,
      maxLength: 4,
    }),
    fc.nat(),
    fc.oneof(
      fc.constant(''),
      fc.string({ maxLength: 200 }).map((q) => encodeURI(q.replace(/[\ud800-\udfff]/g, ''))),
      fc
        .dictionary(
          fc.constantFrom(
            'client_id',
            'response_type',
            'redirect_uri',
            'scope',
            'state',
            'access_token',
            'channelId',
            'limit',
            'before',
            'login_hint',
            'id_token',
            'nonce',
            'prompt',
            'code_challenge',
            'page',
            'size',
            'status',
            'createRoute',
            'includesExternalPublicGroups',
            'x',
          ),
          fc.oneof(
            fc.string({ maxLength: 30 }),
            fc.constantFrom(TRIAL.id, '-1', '1e309', 'http://localhost:5173/cb', 'profile openid', 'code'),
          ),
        )
        .map((q) => new URLSearchParams(q).toString()),
    ),
  )
  .map(([route, garbage, pick, query]) => {
    let i = 0;
    const p = route.path.replace(/:(\w+)/g, (_m, name: string) => {
      const g = garbage[i++];
      if (g != null) return encodeURIComponent(g).replace(/%25(?=[0-9a-fA-F]{0,2})/g, (m) => (pick % 3 === 0 ? '%' : m));
      const good = goodSegment[name] ?? ['x'];
      return good[pick % good.length]!;
    });
    return { route, path: query ? `${p}?${query}` : p };
  });

const method = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE') },
  { weight: 1, arbitrary: fc.constantFrom('PATCH', 'HEAD', 'OPTIONS', 'TRACE') },
);

const auth = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom('channel', 'verified', 'user', 'expiredChannel', 'expiredUser').map((k) => `Bearer ${tokens[k]}`),
  fc.constantFrom('Bearer', 'Bearer ', 'Basic abc', 'bearer x', `Bearer ${'a'.repeat(10_000)}`, 'Bearer \u00ff\u00fe'),
  fc.string({ maxLength: 60 }).map((s) => `Bearer ${s.replace(/[^\x20-\x7e]/g, '')}`),
);

const contentType = fc.constantFrom(
  undefined,
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'application/x-www-form-urlencoded',
  'application/x-www-form-urlencoded; charset=iso-8859-1',
  'text/plain',
  'multipart/form-data; boundary=x',
  'application/*',
  ';;;',
);

const text = { type: 'text', text: 'hi' };
/** Bodies close to valid ones: the right fields, some wrong. */
const plausible = fc.oneof(
  fc.record(
    {
      view: fc.oneof(
        fc.anything(),
        fc.record({
          type: fc.oneof(fc.constantFrom('compact', 'tall', 'full'), fc.anything()),
          url: fc.oneof(fc.webUrl(), fc.string(), fc.anything()),
        }),
      ),
    },
    { requiredKeys: [] },
  ),
  fc.record(
    {
      to: fc.oneof(fc.constantFrom(ALICE, BOB, GROUP), fc.anything(), fc.array(fc.constantFrom(ALICE, BOB, 'x'), { maxLength: 600 })),
      replyToken: fc.oneof(fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 32, maxLength: 32 }), fc.anything()),
      messages: fc.oneof(
        fc.array(
          fc.oneof(
            fc.constant(text),
            fc.object(),
            fc.record({ type: fc.constantFrom('text', 'image', 'flex', 'template', 'sticker'), text: fc.anything() }),
          ),
          { maxLength: 7 },
        ),
        fc.anything(),
      ),
      notificationDisabled: fc.anything(),
    },
    { requiredKeys: [] },
  ),
  fc.record(
    {
      userId: fc.oneof(fc.constantFrom(ALICE, BOB), fc.anything()),
      channelId: fc.oneof(fc.constantFrom(TRIAL.id, VERIFIED.id), fc.anything()),
      scopes: fc.oneof(fc.array(fc.constantFrom('profile', 'openid', 'chat_message.write', 'email', 'x')), fc.anything()),
      context: fc.oneof(
        fc.record({
          type: fc.constantFrom('utou', 'group', 'room', 'none', 'x'),
          chatId: fc.oneof(fc.constantFrom(ALICE_BOT, GROUP), fc.anything()),
        }),
        fc.anything(),
      ),
      message: fc.oneof(fc.constant(text), fc.anything()),
      url: fc.oneof(fc.constant(null), fc.webUrl(), fc.anything()),
      advanceMs: fc.oneof(fc.integer(), fc.double(), fc.anything()),
      data: fc.anything(),
    },
    { requiredKeys: [] },
  ),
  // Module channels' controls and events on demand.
  fc.record(
    {
      moduleChannelId: fc.oneof(fc.constantFrom(TRIAL.id, VERIFIED.id, null), fc.anything()),
      botChannelId: fc.oneof(fc.constantFrom(TRIAL.id, VERIFIED.id), fc.anything()),
      botId: fc.oneof(fc.constantFrom(ALICE, 'U' + '0'.repeat(32)), fc.anything()),
      redirectUri: fc.oneof(fc.webUrl(), fc.anything()),
      ttl: fc.oneof(fc.integer(), fc.double(), fc.anything()),
      expired: fc.oneof(fc.boolean(), fc.anything()),
      suspended: fc.oneof(fc.boolean(), fc.anything()),
      type: fc.oneof(fc.constantFrom('message', 'follow', 'module', 'activated', 'videoPlayComplete', 'membership', 'x'), fc.anything()),
      userId: fc.oneof(fc.constantFrom(ALICE, BOB), fc.anything()),
    },
    { requiredKeys: [] },
  ),
  fc.object({ maxDepth: 4 }),
);
const formBody = fc
  .dictionary(
    fc.constantFrom(
      'grant_type',
      'client_id',
      'client_secret',
      'access_token',
      'code',
      'redirect_uri',
      'refresh_token',
      'code_verifier',
      'id_token',
      'request',
      'decision',
      'userId',
      'x',
    ),
    fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom('client_credentials', 'authorization_code', 'refresh_token', TRIAL.id, TRIAL.secret, 'allow', 'deny'),
    ),
  )
  .map((d) => new URLSearchParams(d).toString());

const body = fc.oneof(
  { weight: 3, arbitrary: fc.constant(undefined) },
  { weight: 6, arbitrary: plausible.map((v) => Buffer.from(JSON.stringify(v) ?? 'null')) },
  { weight: 2, arbitrary: fc.jsonValue().map((v) => Buffer.from(JSON.stringify(v))) },
  { weight: 2, arbitrary: formBody.map((s) => Buffer.from(s)) },
  { weight: 1, arbitrary: fc.string({ maxLength: 200 }).map((s) => Buffer.from(s)) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }).map((a) => Buffer.from(a)) },
  { weight: 1, arbitrary: fc.integer({ min: 10, max: 5000 }).map((d) => Buffer.from(`${'{"a":['.repeat(d)}1${']}'.repeat(d)}`)) },
  { weight: 1, arbitrary: fc.integer({ min: 10, max: 100_000 }).map((d) => Buffer.from('['.repeat(d))) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(200_000, 1_100_000)
      .map((n) => Buffer.from(JSON.stringify({ messages: [{ type: 'text', text: 'x'.repeat(n) }] }))),
  },
  // Invalid UTF-8 inside a JSON string, and a lone surrogate escaped.
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xff, 0x22, 0x7d]),
      Buffer.from('{"view":{"type":"full","url":"https://a.example/\\ud800"}}'),
      Buffer.from('\ufeff{}'),
    ),
  },
);

const requestArb = fc.record({
  target: path,
  method,
  rightMethod: fc.oneof({ weight: 4, arbitrary: fc.nat() }, { weight: 1, arbitrary: fc.constant(-1) }),
  auth,
  contentType,
  body,
  extraHeaders: fc.array(
    fc.constantFrom<[string, string]>(
      ['content-encoding', 'gzip'],
      ['content-encoding', 'identity'],
      ['transfer-encoding', 'chunked'],
      ['accept', '*/*'],
      ['x-forwarded-for', '1.2.3.4'],
      ['expect', '100-continue'],
    ),
    { maxLength: 2 },
  ),
});

// ---- format checks ----

function formatOf(res: Res): Format | 'other' {
  if (res.type.startsWith('text/html')) return 'html';
  let b: unknown;
  try {
    b = JSON.parse(res.text);
  } catch {
    return 'other';
  }
  if (!b || typeof b !== 'object' || Array.isArray(b)) return 'other';
  const o = b as Record<string, unknown>;
  if (typeof o.message === 'string' && Object.keys(o).every((k) => k === 'message' || k === 'details')) return 'message';
  if (typeof o.error === 'string' && Object.keys(o).every((k) => k === 'error' || k === 'error_description')) return 'oauth';
  if (typeof o.statusCode === 'string' && typeof o.statusMessage === 'string' && Object.keys(o).length === 2) return 'v1';
  if (
    typeof o.errorCode === 'string' &&
    typeof o.message === 'string' &&
    Object.keys(o).every((k) => ['errorCode', 'message', 'details'].includes(k))
  )
    return 'iap';
  return 'other';
}

describe('fuzzing every route', () => {
  it(`answers ${RUNS} generated requests without a 5xx, each error in its interface's format`, { timeout: 600_000 }, async () => {
    let sent = 0;
    const statuses = new Map<number, number>();
    let failure = '';
    const result = await fc.check(
      fc.asyncProperty(requestArb, async ({ target, method: anyMethod, rightMethod, auth, contentType, body, extraHeaders }) => {
        // Mostly a method the route answers, sometimes any.
        const known = methods.get(target.route.path) ?? [];
        const method = rightMethod >= 0 && known.length > 0 ? known[rightMethod % known.length]! : anyMethod;
        const headers: Record<string, string> = {};
        if (auth !== undefined) headers.authorization = auth;
        if (contentType !== undefined) headers['content-type'] = contentType;
        for (const [k, v] of extraHeaders) if (k !== 'transfer-encoding' && k !== 'expect') headers[k] = v;
        failure = `${method} ${target.path.slice(0, 120)} (no answer)`;
        const res = await send({
          method,
          path: target.path,
          headers,
          body: method === 'GET' && body && body.length > 1000 ? undefined : body,
        });
        sent++;
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        const where = `${method} ${target.path.slice(0, 120)} [${contentType}] body ${body?.subarray(0, 120).toString() ?? 'none'} (${body?.length ?? 0} bytes) → ${res.status} ${res.text.slice(0, 300)}`;
        failure = where;
        expect(res.status, where).toBeLessThan(500);
        if (res.status >= 400 && method !== 'HEAD' && !target.route.format.includes('any')) {
          const f = formatOf(res);
          // Any path answers an unknown method with the generic 404 `{message}`.
          const allowed = res.status === 404 ? [...target.route.format, 'message'] : target.route.format;
          expect(allowed, where).toContain(f);
        }
      }),
      { numRuns: RUNS, seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined, endOnFailure: true },
    );
    if (result.failed) throw new Error(`fuzz failed (seed ${result.seed}): ${failure}\n${String(result.errorInstance).slice(0, 500)}`);
    // The server still works after the storm.
    const ok = await send({ method: 'GET', path: '/embedkit/v1/world', headers: {} });
    expect(ok.status).toBe(200);
    console.log(`fuzz: ${sent} requests, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`);
  });
});
