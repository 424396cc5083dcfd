// The floors of the HTTP rows: for each measured call, a bare Express route that does only what
// the call must do, the plain way, with the libraries and the kind of database embedkit uses. A
// row's ratio to its floor is then what embedkit's own machinery costs beyond the call's rules
// (middleware, layers, logging), measured in the same process at the same time.
//
// The floors' database is a second in-memory better-sqlite3 database with embedkit's own
// migrations (the same tables, indexes and foreign keys) and the PRAGMAs of db.ts, seeded with the
// rows of the default scenario the measured calls read (server/scenarios/default.json), so that
// every answer has the size of embedkit's. Each query is the SQL embedkit's store runs (compiled
// by Kysely from the same query), prepared once.
//
// What each floor does, in embedkit's order (docs/project/benchmarks.md, "Floors"):
// - `GET /floor/embed/v1/apps`: the bearer token parsed, its SHA-256, the channel token row read
//   (SELECT), its expiry checked; the channel's apps read (SELECT), 404 when none; the list answered.
// - sendMessages (`POST /floor/message/v3/share`): the bearer token parsed, its SHA-256, the
//   user token row read (SELECT, with its invalidation), expiry and scope checked; the JSON body
//   parsed (express.json, 1 MB) and validated with Ajv against the same message schema; the token's
//   chat membership read (SELECT); the message stored with a new quote token (INSERT ... RETURNING);
//   `{}` answered.
// - `GET /floor/v2/profile`: the same token check (scope `profile`), the user read (SELECT), the
//   profile answered.
// - push (`POST /floor/v2/bot/message/push`, the sequential and peers groups): the bearer token
//   parsed, its SHA-256, the channel token row read (SELECT), its expiry checked; the JSON body
//   parsed and validated with Ajv against the same push schema; the receiver read (SELECT), the
//   bot's 1:1 chat with them (SELECT) and their friendship (SELECT); the message stored with a new
//   quote token (INSERT ... RETURNING), the request and whom it reached recorded for insight
//   (two INSERTs), the day's sent count added (an upsert); the sent message's ID and quote token
//   answered.
// - signed `GET /floor/v1/wallets`: the four headers, the service read by API key (SELECT), the
//   timestamp window, the nonce's form, the HMAC-SHA512 signature compared in constant time, the
//   nonce taken (the store's INSERT ... ON CONFLICT upsert), the service's wallets read (SELECT),
//   the envelope answered.
import { createHmac, hash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import express from 'express';
import { Ajv } from 'ajv';
import { Kysely, Migrator, SqliteDialect, sql } from 'kysely';
import { migrationsFor } from '../../server/dist/db/migrations/index.js';
import { discriminate, uriProblem } from '../../server/dist/http/validate.js';
import { MessageSchema, PushBodySchema, ShareBodySchema } from '../../server/dist/messages/bodies.js';
import { simulatorPath } from '../../contract/dist/simulator-api.js';

const scenario = JSON.parse(readFileSync(new URL('../../server/scenarios/default.json', import.meta.url), 'utf8'));
const ALICE = 'U0a11ce0000000000000000000000a11c';
/** Alice's 1:1 chat with the default channel's bot: where a push to her lands. */
const ALICE_BOT = 'UBa11ce0000000000000000000000a11c';
const UTOU = 'UU0a11ce00000000000000000000000b0';
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The floors' database. On Node 24, better-sqlite3 12 aborts the process when a statement object
 * is garbage-collected (db.ts says why): every statement prepared here stays referenced.
 */
function openFloorDatabase() {
  const sqlite = new SQLite(':memory:');
  sqlite.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000');
  const kept = [];
  const database = {
    close: () => sqlite.close(),
    prepare: (sql) => {
      const s = sqlite.prepare(sql);
      kept.push(s);
      return s;
    },
  };
  return { sqlite, database, kept };
}

const { database } = openFloorDatabase();
const db = new Kysely({ dialect: new SqliteDialect({ database }) });
const migrated = await new Migrator({ db, provider: { getMigrations: async () => migrationsFor('sqlite') } }).migrateToLatest();
if (migrated.error) throw migrated.error;

/** A statement of the SQL Kysely compiles for `query`, prepared once; the parameters given in order on each run. */
const statement = (query) => database.prepare(query.compile().sql);
const P = ''; // a parameter's place while Kysely compiles

// The rows the measured calls read, as the default scenario has them.
const channel = scenario.channels[0];
const chat = scenario.chats.find((c) => c.chatId === UTOU);
const service = scenario.blockchain.services[0];
const now = Date.now();
await db
  .insertInto('channels')
  .values({ channel_id: channel.channelId, name: channel.name, secret: 'floor', plan: 'developer-trial' })
  .execute();
for (const id of chat.members) {
  const u = scenario.users.find((x) => x.userId === id);
  await db
    .insertInto('users')
    .values({ user_id: id, display_name: u.displayName, has_picture: u.picture ? 1 : 0, status_message: u.statusMessage ?? null })
    .execute();
}
await db.insertInto('chats').values({ chat_id: chat.chatId, type: chat.type, name: chat.name }).execute();
await db
  .insertInto('chat_members')
  .values(chat.members.map((user_id) => ({ chat_id: chat.chatId, user_id })))
  .execute();
// The bot's 1:1 chat with Alice, and her friendship, as the scenario has them (push's floor).
const botChat = scenario.chats.find((c) => c.chatId === ALICE_BOT);
await db.insertInto('chats').values({ chat_id: botChat.chatId, type: 'utou', name: botChat.name, bot_channel_id: botChat.bot }).execute();
await db.insertInto('chat_members').values({ chat_id: botChat.chatId, user_id: ALICE }).execute();
await db.insertInto('bot_friends').values({ channel_id: channel.channelId, user_id: ALICE, state: 'friend', since: now }).execute();
/** The floors' user access token (Alice, opened from her chat with Bob), as createSession gives one. */
const userToken = randomBytes(32).toString('base64url');
await db
  .insertInto('user_tokens')
  .values({
    token_hash: hash('sha256', userToken, 'hex'),
    user_id: ALICE,
    channel_id: channel.channelId,
    scope: 'profile openid chat_message.write',
    context_type: 'utou',
    chat_id: UTOU,
    issued_at: now,
    expires_at: now + 30 * DAY_MS,
  })
  .execute();
/** The floors' channel access token (the default channel's), as `POST /v2/oauth/accessToken` gives one. */
const channelToken = randomBytes(32).toString('base64url');
await db
  .insertInto('channel_tokens')
  .values({ token_hash: hash('sha256', channelToken, 'hex'), channel_id: channel.channelId, issued_at: now, expires_at: now + 30 * DAY_MS })
  .execute();
// The channel's apps, their URLs on an origin as long as the measured server's.
for (const a of scenario.apps.filter((x) => x.channelId === channel.channelId))
  await db
    .insertInto('apps')
    .values({
      embed_id: a.embedId,
      channel_id: a.channelId,
      name: a.name,
      view_type: a.view.type,
      view_url: a.view.url.replace('{demo_origin}', 'http://127.0.0.1:40000'),
      created_at: now,
    })
    .execute();
await db
  .insertInto('bc_services')
  .values({ api_key: service.apiKey, api_secret: service.apiSecret, name: service.name, activated: 1 })
  .execute();
for (const w of scenario.blockchain.wallets)
  await db
    .insertInto('bc_wallets')
    .values({ address: w.address, api_key: w.service, name: w.name, secret: w.secret, created_at: now })
    .execute();

// The store's queries (tokens/user-token-store.ts, world/world-store.ts, messages/message-store.ts,
// interfaces/blockchain/store.ts).
const tokenByHash = statement(
  db
    .selectFrom('user_tokens')
    .leftJoin('token_invalidations', 'token_invalidations.token_hash', 'user_tokens.token_hash')
    .selectAll('user_tokens')
    .select('token_invalidations.reason as invalidated')
    .where('user_tokens.token_hash', '=', P),
);
const channelTokenByHash = statement(db.selectFrom('channel_tokens').selectAll().where('token_hash', '=', P));
const appsOf = statement(db.selectFrom('apps').selectAll().where('channel_id', '=', P).orderBy('seq'));
const userById = statement(db.selectFrom('users').selectAll().where('user_id', '=', P));
const member = statement(db.selectFrom('chat_members').select('user_id').where('chat_id', '=', P).where('user_id', '=', P));
const insertMessage = statement(
  db.insertInto('messages').values({ chat_id: P, sender_type: P, sender_id: P, body: P, created_at: 0, quote_token: P }).returning('id'),
);
const botChatOf = statement(
  db
    .selectFrom('chats')
    .innerJoin('chat_members', 'chat_members.chat_id', 'chats.chat_id')
    .select('chats.chat_id')
    .where('chats.bot_channel_id', '=', P)
    .where('chat_members.user_id', '=', P)
    .limit(1),
);
const friendStateOf = statement(db.selectFrom('bot_friends').select('state').where('channel_id', '=', P).where('user_id', '=', P));
const addRequest = statement(
  db
    .insertInto('insight_requests')
    .values({ channel_id: P, request_id: P, kind: P, sent_at: 0, unit: null })
    .onConflict((oc) => oc.doNothing()),
);
const addSent = statement(
  db
    .insertInto('insight_sent')
    .values({ message_id: 0, user_id: P, channel_id: P, request_id: P, seq: 1 })
    .onConflict((oc) => oc.doNothing()),
);
const addCount = statement(
  db
    .insertInto('bot_sent_counts')
    .values({ channel_id: P, kind: P, day: P, messages: 1 })
    .onConflict((oc) => oc.columns(['channel_id', 'kind', 'day']).doUpdateSet({ messages: sql`bot_sent_counts.messages + 1` })),
);
const serviceByKey = statement(db.selectFrom('bc_services').selectAll().where('api_key', '=', P));
const takeNonce = statement(
  db
    .insertInto('bc_nonces')
    .values({ api_key: P, nonce: P, used_at: 0 })
    .onConflict((oc) => oc.columns(['api_key', 'nonce']).doUpdateSet({ used_at: 0 }).where('bc_nonces.used_at', '<=', 0))
    .returning('nonce'),
);
const walletsOf = statement(
  db.selectFrom('bc_wallets').selectAll().where('api_key', '=', P).orderBy('created_at').orderBy('name').orderBy('address'),
);

// The message schema, compiled with Ajv as embedkit compiles it (http/validate.ts): the same
// options, the tagged unions, the URI rule.
const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true, verbose: true, discriminator: true, inlineRefs: false });
ajv.addKeyword({ keyword: 'platformErrors', schemaType: 'object' });
ajv.addKeyword({
  keyword: 'uriSchemes',
  type: 'string',
  schemaType: 'array',
  validate: (schemes, data) => uriProblem(data, schemes) === null,
});
ajv.addSchema(discriminate(MessageSchema));
const validShare = ajv.compile(discriminate(ShareBodySchema));
const validPush = ajv.compile(discriminate(PushBodySchema));

/** 401/403/400 answers: the floors are measured on valid requests only, so one plain body does. */
const refuse = (res, status, message) => res.status(status).json({ message });

/** The user token row of a request, checked for `scope`; undefined once refused. */
function userTokenOf(req, res, scope) {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  if (!m) return void refuse(res, 401, 'invalid authorization header');
  const row = tokenByHash.get(hash('sha256', m[1], 'hex'));
  if (!row || row.invalidated !== null || row.expires_at <= Date.now()) return void refuse(res, 401, 'invalid token');
  if (!row.scope.split(' ').includes(scope)) return void refuse(res, 403, 'scope');
  return row;
}

/** The floors' routes on `app` (the bare Express app of bench/http/http-target.mjs). @returns the tokens the HTTP rows send them */
export function mountFloors(app) {
  app.post(
    '/floor/message/v3/share',
    (req, res, next) => {
      const token = userTokenOf(req, res, 'chat_message.write');
      if (!token) return;
      res.locals.token = token;
      next();
    },
    express.json({ limit: 1024 * 1024 }),
    (req, res) => {
      const token = res.locals.token;
      if (token.context_type === 'none' || !token.chat_id) return refuse(res, 403, 'no chat');
      if (!validShare(req.body)) return res.status(400).json({ message: 'The request body has errors', details: validShare.errors });
      if (!member.get(token.chat_id, token.user_id)) return refuse(res, 403, 'not a member');
      const at = Date.now();
      for (const m of req.body.messages)
        insertMessage.get(token.chat_id, 'user', token.user_id, JSON.stringify(m), at, randomBytes(48).toString('base64url'));
      res.json({});
    },
  );
  app.post('/floor/v2/bot/message/push', express.json({ limit: 1024 * 1024 }), (req, res) => {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
    if (!m) return refuse(res, 401, 'invalid authorization header');
    const token = channelTokenByHash.get(hash('sha256', m[1], 'hex'));
    if (!token || token.expires_at <= Date.now()) return refuse(res, 401, 'invalid token');
    if (!validPush(req.body)) return res.status(400).json({ message: 'The request body has errors', details: validPush.errors });
    const { to, messages } = req.body;
    const channelId = token.channel_id;
    if (!userById.get(to)) return refuse(res, 400, 'Failed to send messages');
    const chatId = botChatOf.get(channelId, to, 1)?.chat_id; // 1: the LIMIT, a parameter of Kysely's SQL
    if (!chatId || friendStateOf.get(channelId, to)?.state !== 'friend') return res.json({ sentMessages: [] });
    const at = Date.now();
    const requestId = randomUUID();
    addRequest.run(channelId, requestId, 'push', at, null);
    const sentMessages = messages.map((message) => {
      const quoteToken = randomBytes(48).toString('base64url');
      const { id } = insertMessage.get(chatId, 'bot', channelId, JSON.stringify(message), at, quoteToken);
      addSent.run(id, to, channelId, requestId, 1);
      return { id: String(id), quoteToken };
    });
    // The platform's day (UTC+9), as the sent count keeps it.
    addCount.run(channelId, 'push', new Date(at + 9 * 3600_000).toISOString().slice(0, 10).replaceAll('-', ''), 1);
    res.json({ sentMessages });
  });
  app.get('/floor/embed/v1/apps', (req, res) => {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
    if (!m) return refuse(res, 401, 'invalid authorization header');
    const row = channelTokenByHash.get(hash('sha256', m[1], 'hex'));
    if (!row || row.expires_at <= Date.now()) return refuse(res, 401, 'invalid token');
    const apps = appsOf.all(row.channel_id);
    if (apps.length === 0) return refuse(res, 404, 'no apps');
    res.json({ apps: apps.map((a) => ({ embedId: a.embed_id, view: { type: a.view_type, url: a.view_url } })) });
  });
  app.get('/floor/v2/profile', (req, res) => {
    const token = userTokenOf(req, res, 'profile');
    if (!token) return;
    const user = userById.get(token.user_id);
    if (!user) return refuse(res, 401, 'no user');
    const profile = { userId: user.user_id, displayName: user.display_name };
    // As embedkit's profile names it: its origin and the simulator's picture route.
    if (user.has_picture)
      profile.pictureUrl = `http://localhost:${req.socket.localPort}${simulatorPath('userPicture', { userId: user.user_id })}`;
    if (user.status_message) profile.statusMessage = user.status_message;
    res.json(profile);
  });
  app.get('/floor/v1/wallets', (req, res) => {
    const envelope = (statusCode, statusMessage, responseData) => ({ responseTime: Date.now(), statusCode, statusMessage, responseData });
    const key = req.get('service-api-key');
    const timestamp = req.get('timestamp');
    const nonce = req.get('nonce');
    const signature = req.get('signature');
    if (!key || !timestamp || !nonce || !signature) return res.status(401).json(envelope(4011, 'header missing'));
    const svc = serviceByKey.get(key);
    if (!svc || !svc.activated) return res.status(401).json(envelope(4012, 'api key'));
    const at = Date.now();
    if (!/^[0-9]{1,16}$/.test(timestamp) || Math.abs(Number(timestamp) - at) > 5 * 60_000)
      return res.status(401).json(envelope(4014, 'timestamp'));
    if (!/^[A-Za-z0-9]{8}$/.test(nonce)) return res.status(401).json(envelope(4015, 'nonce'));
    const expected = Buffer.from(createHmac('sha512', svc.api_secret).update(`${nonce}${timestamp}GET${req.path}`).digest('base64'));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return res.status(401).json(envelope(4010, 'signature'));
    if (!takeNonce.get(svc.api_key, nonce, at, at, at - 11 * 60_000)) return res.status(401).json(envelope(4016, 'nonce used'));
    const wallets = walletsOf.all(svc.api_key).map((w) => ({ name: w.name, walletAddress: w.address, createdAt: w.created_at }));
    res.json(envelope(1000, 'Success', wallets));
  });
  return { userToken, channelToken };
}
