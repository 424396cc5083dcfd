// The channel access token operations of the published document channel-access-token.yml, through
// the official Node SDK 11's ChannelAccessTokenClient (unmodified, only baseURL set), answers held
// against the published schemas with Ajv; the rules of v2.1 tokens by JWT assertion and of
// stateless tokens; and the bot API taking every kind (docs/platform/channel-access-tokens.md).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv, type AnySchema } from 'ajv';
import { channelAccessToken, messagingApi } from '@line/bot-sdk-11';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbedkit } from '../../src/kit/embedkit.js';
import { startServer, type RunningServer } from '../../src/serve/start.js';
import { onTestDatabase } from '../helpers.js';
import { ALICE, BOTS_SCENARIO, TRIAL, VERIFIED } from '../bot/helpers.js';
import { obj, str, int } from '../published-schema.js';
import { sdkRefusal } from '../sdk-refusal.js';

// ---- The published schemas (channel-access-token.yml components), nothing beyond them. ----
const SCHEMAS: Record<string, AnySchema> = {
  IssueShortLivedChannelAccessTokenResponse: obj(['access_token', 'expires_in', 'token_type'], {
    access_token: str,
    expires_in: int,
    token_type: str,
  }),
  IssueChannelAccessTokenResponse: obj(['access_token', 'expires_in', 'token_type', 'key_id'], {
    access_token: str,
    expires_in: int,
    token_type: str,
    key_id: str,
  }),
  IssueStatelessChannelAccessTokenResponse: obj(['access_token', 'expires_in', 'token_type'], {
    access_token: str,
    expires_in: int,
    token_type: str,
  }),
  ChannelAccessTokenKeyIdsResponse: obj(['kids'], { kids: { type: 'array', items: str } }),
  VerifyChannelAccessTokenResponse: obj(['client_id', 'expires_in'], { client_id: str, expires_in: int, scope: str }),
  ErrorResponse: obj([], { error: str, error_description: str }),
};
const ajv = new Ajv({ allErrors: true, strict: true });
const validators = Object.fromEntries(Object.entries(SCHEMAS).map(([name, s]) => [name, ajv.compile(s)]));

/** Fails with Ajv's errors when `value` is not valid against the named published schema. */
function expectValid(name: keyof typeof SCHEMAS, value: unknown): void {
  const v = validators[name]!;
  expect(v(value) ? [] : v.errors, `${name}: ${JSON.stringify(value)}`).toEqual([]);
}

const JWT_BEARER = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

interface KeyPair {
  privateKey: CryptoKey;
  publicJwk: JWK;
}

async function keyPair(): Promise<KeyPair> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { modulusLength: 2048 });
  return { privateKey, publicJwk: await exportJWK(publicKey) };
}

let server: RunningServer;
let tokens: channelAccessToken.ChannelAccessTokenClient;
let key: KeyPair;
let kid: string;

/** The kit's simulated time now, in ms. */
async function kitNow(): Promise<number> {
  return (await request(server.baseUrl).get('/embedkit/v1/clock').expect(200)).body.now as number;
}

/** A JWT assertion as the platform documents it, signed with `signer`; `claims` override the defaults. */
async function assertion(
  opts: { signer?: KeyPair; kid?: string; channelId?: string; claims?: Record<string, unknown>; expInS?: number; aud?: string } = {},
): Promise<string> {
  const now = Math.floor((await kitNow()) / 1000);
  const channelId = opts.channelId ?? TRIAL.id;
  return new SignJWT({ token_exp: 86400, ...opts.claims })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: opts.kid ?? kid })
    .setIssuer(channelId)
    .setSubject(channelId)
    .setAudience(opts.aud ?? 'https://api.line.me/')
    .setExpirationTime(now + (opts.expInS ?? 1800))
    .sign((opts.signer ?? key).privateKey);
}

/** The OAuth error a refused call of the SDK answered: status and body, the body valid against ErrorResponse. */
async function refusal(call: Promise<unknown>): Promise<{ status: number; body: Record<string, string> }> {
  const r = await sdkRefusal<Record<string, string>>(call);
  expectValid('ErrorResponse', r.body);
  return r;
}

function registerKey(channelId: string, jwk: unknown) {
  return request(server.baseUrl)
    .post(`/embedkit/v1/channels/${channelId}/assertion-keys`)
    .send(jwk as object);
}

beforeAll(async () => {
  server = await startServer(onTestDatabase({ port: 0, inMemory: true, scenarioFile: BOTS_SCENARIO, logger: pino({ level: 'silent' }) }));
  tokens = new channelAccessToken.ChannelAccessTokenClient({ baseURL: server.baseUrl });
  key = await keyPair();
  const res = await registerKey(TRIAL.id, key.publicJwk).expect(200);
  kid = res.body.kid;
});
afterAll(() => server?.close());

describe('assertion signing keys (simulator API)', () => {
  it('answers the key thumbprint as kid, the same kid again for the same key, and refuses what is no public RSA key', async () => {
    expect(kid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await registerKey(TRIAL.id, key.publicJwk).expect(200)).body).toEqual({ channelId: TRIAL.id, kid });
    expect((await registerKey(TRIAL.id, { ...key.publicJwk, kid: 'my-key-1' }).expect(200)).body.kid).toBe('my-key-1');
    const other = await keyPair();
    expect((await registerKey(TRIAL.id, { ...other.publicJwk, kid: 'my-key-1' })).status).toBe(409);
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const priv = await registerKey(TRIAL.id, await exportJWK(privateKey)).expect(400);
    expect(priv.body.message).toMatch(/^The request body has \d+ error\(s\)$/);
    expect((await registerKey(TRIAL.id, { kty: 'RSA', n: 'AQAB', e: 'AQAB' }).expect(400)).body.details[0].message).toMatch(/2048/);
    expect((await registerKey('1999999999', key.publicJwk).expect(404)).body).toEqual({ message: 'Unknown channel 1999999999' });
  });
});

describe('ChannelAccessTokenClient (SDK 11), every method', () => {
  it('issues, lists, verifies and revokes every kind, answers valid against the published schemas', async () => {
    const short = await tokens.issueChannelToken('client_credentials', TRIAL.id, TRIAL.secret);
    expectValid('IssueShortLivedChannelAccessTokenResponse', short);

    const v21 = await tokens.issueChannelTokenByJWT('client_credentials', JWT_BEARER, await assertion({ claims: { token_exp: 3600 } }));
    expectValid('IssueChannelAccessTokenResponse', v21);
    expect(v21).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });

    const kids = await tokens.getsAllValidChannelAccessTokenKeyIds(JWT_BEARER, await assertion());
    expectValid('ChannelAccessTokenKeyIdsResponse', kids);
    expect(kids.kids).toContain(v21.key_id);

    const verified21 = await tokens.verifyChannelTokenByJWT(v21.access_token);
    expectValid('VerifyChannelAccessTokenResponse', verified21);
    // The simulated clock runs on with real time: a second may have passed.
    expect(verified21.client_id).toBe(TRIAL.id);
    expect(verified21.expires_in).toBeGreaterThanOrEqual(3598);
    expect(verified21.expires_in).toBeLessThanOrEqual(3600);

    const verified2 = await tokens.verifyChannelToken(short.access_token);
    expectValid('VerifyChannelAccessTokenResponse', verified2);
    expect(verified2.client_id).toBe(TRIAL.id);
    expect(verified2.expires_in).toBeGreaterThan(30 * 24 * 3600 - 3);

    const bySecret = await tokens.issueStatelessChannelToken('client_credentials', undefined, undefined, VERIFIED.id, VERIFIED.secret);
    expectValid('IssueStatelessChannelAccessTokenResponse', bySecret);
    expect(bySecret.expires_in).toBe(900);
    const byJwt = await tokens.issueStatelessChannelToken('client_credentials', JWT_BEARER, await assertion());
    expectValid('IssueStatelessChannelAccessTokenResponse', byJwt);
    const verifiedStateless = await tokens.verifyChannelToken(byJwt.access_token);
    expect(verifiedStateless.client_id).toBe(TRIAL.id);
    expect(verifiedStateless.expires_in).toBeGreaterThan(897);

    await tokens.revokeChannelTokenByJWT(TRIAL.id, TRIAL.secret, v21.access_token);
    expect((await tokens.getsAllValidChannelAccessTokenKeyIds(JWT_BEARER, await assertion())).kids).not.toContain(v21.key_id);
    expect((await refusal(tokens.verifyChannelTokenByJWT(v21.access_token))).body).toEqual({
      error: 'invalid_request',
      error_description: 'invalid access token',
    });
    await tokens.revokeChannelToken(short.access_token);
    expect((await refusal(tokens.verifyChannelToken(short.access_token))).status).toBe(400);
  });

  it('a MessagingApiClient works with a v2.1 token and with a stateless token', async () => {
    const v21 = await tokens.issueChannelTokenByJWT('client_credentials', JWT_BEARER, await assertion());
    const stateless = await tokens.issueStatelessChannelToken('client_credentials', undefined, undefined, TRIAL.id, TRIAL.secret);
    for (const token of [v21.access_token, stateless.access_token]) {
      const client = new messagingApi.MessagingApiClient({ channelAccessToken: token, baseURL: server.baseUrl });
      const info = await client.getBotInfo();
      expect(info.displayName).toBeTruthy();
      const sent = await client.pushMessage({ to: ALICE, messages: [{ type: 'text', text: 'hello' }] });
      expect(sent.sentMessages).toHaveLength(1);
    }
    await tokens.revokeChannelTokenByJWT(TRIAL.id, TRIAL.secret, v21.access_token);
  });
});

describe('the rules of JWT assertions', () => {
  const issue = (jwt: string) => tokens.issueChannelTokenByJWT('client_credentials', JWT_BEARER, jwt);

  it('refuses a foreign signature, an unknown kid, a wrong audience, an expired JWT, exp beyond 30 minutes, token_exp beyond 30 days', async () => {
    const foreign = await keyPair();
    expect((await refusal(issue(await assertion({ signer: foreign })))).body).toEqual({
      error: 'invalid_client',
      error_description: 'invalid client_assertion: invalid signature',
    });
    expect((await refusal(issue(await assertion({ kid: 'nope' })))).body.error).toBe('invalid_client');
    expect((await refusal(issue(await assertion({ aud: 'https://example.com/' })))).body.error).toBe('invalid_client');
    expect((await refusal(issue(await assertion({ expInS: -10 })))).body).toEqual({
      error: 'invalid_client',
      error_description: "invalid client_assertion: the JWT has expired ('exp')",
    });
    expect((await refusal(issue(await assertion({ expInS: 31 * 60 })))).body).toEqual({
      error: 'invalid_request',
      error_description: "'exp' must be at most 30 minutes after the current time",
    });
    const tooLong = await refusal(issue(await assertion({ claims: { token_exp: 30 * 86400 + 1 } })));
    expect(tooLong.body.error).toBe('invalid_request');
    expect(tooLong.body.error_description).toMatch(/token_exp/);
    expect((await refusal(issue(await assertion({ channelId: VERIFIED.id })))).body.error).toBe('invalid_client');
    expect((await refusal(issue('not-a-jwt'))).body).toEqual({
      error: 'invalid_request',
      error_description: 'client_assertion is not a signed JWT',
    });
    expect((await refusal(tokens.issueChannelTokenByJWT('client_credentials', 'urn:other', await assertion()))).body.error).toBe(
      'invalid_request',
    );
    // embedkit's own base URL is an audience too.
    expectValid('IssueChannelAccessTokenResponse', await issue(await assertion({ aud: server.baseUrl })));
  });

  it('refuses the 31st alive v2.1 token of a channel, and issues again once one is revoked', async () => {
    const alive = (await tokens.getsAllValidChannelAccessTokenKeyIds(JWT_BEARER, await assertion())).kids.length;
    const issued: string[] = [];
    for (let i = alive; i < 30; i++) issued.push((await issue(await assertion())).access_token);
    expect((await tokens.getsAllValidChannelAccessTokenKeyIds(JWT_BEARER, await assertion())).kids).toHaveLength(30);
    const refused = await refusal(issue(await assertion()));
    expect(refused.body.error).toBe('invalid_request');
    expect(refused.body.error_description).toMatch(/30 valid channel access tokens v2.1/);
    // Short-lived tokens are counted apart: issuing one revokes no v2.1 token.
    await tokens.issueChannelToken('client_credentials', TRIAL.id, TRIAL.secret);
    expect((await tokens.getsAllValidChannelAccessTokenKeyIds(JWT_BEARER, await assertion())).kids).toHaveLength(30);
    await tokens.revokeChannelTokenByJWT(TRIAL.id, TRIAL.secret, issued[0]!);
    const again = await issue(await assertion());
    for (const t of [...issued.slice(1), again.access_token]) await tokens.revokeChannelTokenByJWT(TRIAL.id, TRIAL.secret, t);
  });

  it('a revoked v2.1 token is refused by the bot API; revoking needs the channel secret', async () => {
    const v21 = await issue(await assertion());
    const bot = () => request(server.baseUrl).get('/v2/bot/info').set('Authorization', `Bearer ${v21.access_token}`);
    expect((await bot()).status).toBe(200);
    expect((await refusal(tokens.revokeChannelTokenByJWT(TRIAL.id, 'wrong', v21.access_token))).body.error).toBe('invalid_client');
    expect((await refusal(tokens.revokeChannelTokenByJWT(VERIFIED.id, VERIFIED.secret, v21.access_token))).body.error).toBe(
      'invalid_request',
    );
    await tokens.revokeChannelTokenByJWT(TRIAL.id, TRIAL.secret, v21.access_token);
    const refused = await bot();
    expect(refused.status).toBe(401);
    expect(refused.body.message).toMatch(/^Authentication failed due to the following reason: invalid token/);
  });

  it('a stateless token cannot be revoked: revoking answers 200 and the token still works', async () => {
    const { access_token } = await tokens.issueStatelessChannelToken('client_credentials', undefined, undefined, TRIAL.id, TRIAL.secret);
    await tokens.revokeChannelToken(access_token);
    await tokens.revokeChannelTokenByJWT(TRIAL.id, TRIAL.secret, access_token);
    expect((await request(server.baseUrl).get('/v2/bot/info').set('Authorization', `Bearer ${access_token}`)).status).toBe(200);
    // A forged one (another channel in the same signed form) is refused.
    const [, , exp, mac] = access_token.split('.');
    const forged = `v3.${Buffer.from(VERIFIED.id).toString('base64url')}.${exp}.${mac}`;
    expect((await request(server.baseUrl).get('/v2/bot/info').set('Authorization', `Bearer ${forged}`)).status).toBe(401);
  });
});

describe('on the simulated clock', () => {
  it('a stateless token expires after 15 minutes, a v2.1 token after its token_exp', async () => {
    const stateless = (await tokens.issueStatelessChannelToken('client_credentials', undefined, undefined, TRIAL.id, TRIAL.secret))
      .access_token;
    const issued = await tokens.issueChannelTokenByJWT('client_credentials', JWT_BEARER, await assertion({ claims: { token_exp: 1200 } }));
    const v21 = issued.access_token;
    const bot = (t: string) => request(server.baseUrl).get('/v2/bot/info').set('Authorization', `Bearer ${t}`);
    await request(server.baseUrl).post('/embedkit/v1/clock').send({ advance: '14m59s' }).expect(200);
    expect((await bot(stateless)).status).toBe(200);
    await request(server.baseUrl).post('/embedkit/v1/clock').send({ advance: '1s' }).expect(200);
    const expired = await bot(stateless);
    expect(expired.status).toBe(401);
    expect(expired.body.message).toMatch(/expired token/);
    expect((await refusal(tokens.verifyChannelToken(stateless))).body).toEqual({
      error: 'invalid_request',
      error_description: 'access token expired',
    });
    expect((await bot(v21)).status).toBe(200);
    await request(server.baseUrl).post('/embedkit/v1/clock').send({ advance: '5m' }).expect(200);
    expect((await bot(v21)).status).toBe(401);
    expect((await tokens.getsAllValidChannelAccessTokenKeyIds(JWT_BEARER, await assertion())).kids).not.toContain(issued.key_id);
  });
});

describe('keys in the scenario, and stateless tokens across a restart', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('a scenario channel lists assertionKeys; the export keeps them; a stateless token verifies after a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'embedkit-tokens-'));
    dirs.push(dir);
    const scenario = JSON.parse(readFileSync(BOTS_SCENARIO, 'utf8')) as { channels: Array<Record<string, unknown>> };
    scenario.channels[0]!.assertionKeys = [{ ...key.publicJwk, kid: 'scenario-key' }];
    const file = join(dir, 'scenario.json');
    writeFileSync(file, JSON.stringify(scenario));
    const options = { inMemory: false, dataDir: dir, scenarioFile: file, logger: pino({ level: 'silent' }) };
    const first = await createEmbedkit(onTestDatabase(options));
    const now = Math.floor(first.clock.now() / 1000);
    const jwt = await new SignJWT({ token_exp: 600 })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: 'scenario-key' })
      .setIssuer(TRIAL.id)
      .setSubject(TRIAL.id)
      .setAudience('https://api.line.me/')
      .setExpirationTime(now + 600)
      .sign(key.privateKey);
    const form = { grant_type: 'client_credentials', client_assertion_type: JWT_BEARER, client_assertion: jwt };
    const stateless = await request(first.app).post('/oauth2/v3/token').type('form').send(form).expect(200);
    const exported = (await request(first.app).get('/embedkit/v1/scenario').expect(200)).body;
    expect(exported.channels[0].assertionKeys).toEqual([
      { kty: 'RSA', n: key.publicJwk.n, e: key.publicJwk.e, alg: 'RS256', use: 'sig', kid: 'scenario-key' },
    ]);
    await first.close();

    const second = await createEmbedkit(onTestDatabase(options));
    const verified = await request(second.app)
      .post('/v2/oauth/verify')
      .type('form')
      .send({ access_token: stateless.body.access_token })
      .expect(200);
    expect(verified.body).toMatchObject({ client_id: TRIAL.id });
    await second.close();
  });
});
