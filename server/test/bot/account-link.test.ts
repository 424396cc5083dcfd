/**
 * The account-link flow (spec "Events" accountLink): a link token per user, the
 * platform's page that uses it once and sends `accountLink` with the nonce; an expired or used
 * token shows the user an error and sends nothing.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Embedkit } from '../../src/kit/embedkit.js';
import { ALICE, bearer, events, openBotKit, TRIAL } from './helpers.js';

let kit: Embedkit;
let token: string;
beforeEach(async () => ({ kit, token } = await openBotKit()));
afterEach(() => kit.close());

const issue = (userId: string) => request(kit.app).post(`/v2/bot/user/${userId}/linkToken`).set(bearer(token));
const page = (query: string) => request(kit.app).get(`/dialog/bot/accountLink?${query}`);

describe('account link', () => {
  it('issues a token, and the linking page sends accountLink (ok, the nonce) once', async () => {
    const res = await issue(ALICE);
    expect(res.status).toBe(200);
    expect(res.body.linkToken).toMatch(/^[A-Za-z0-9]{32}$/);
    const linked = await page(`linkToken=${res.body.linkToken}&nonce=n-123`);
    expect(linked.status).toBe(200);
    expect(linked.headers['content-type']).toMatch(/^text\/html/);
    expect(linked.text).toContain('Accounts linked');
    expect(linked.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    const link = (await events(kit, TRIAL.id)).filter((e) => e.type === 'accountLink');
    expect(link).toEqual([
      expect.objectContaining({
        type: 'accountLink',
        link: { result: 'ok', nonce: 'n-123' },
        source: { type: 'user', userId: ALICE },
        replyToken: expect.any(String),
      }),
    ]);

    const again = await page(`linkToken=${res.body.linkToken}&nonce=n-124`);
    expect(again.status).toBe(400);
    expect(again.text).toContain('already used');
    expect((await events(kit, TRIAL.id)).filter((e) => e.type === 'accountLink')).toHaveLength(1);
  });

  it('an expired or unknown token, or a missing nonce, shows an error and sends nothing', async () => {
    const { linkToken } = (await issue(ALICE)).body;
    expect((await page(`linkToken=${linkToken}`)).text).toContain('needs a link token and a nonce');
    expect((await page('linkToken=nope&nonce=x')).text).toContain('not valid');
    await request(kit.app).post('/embedkit/v1/clock').send({ advance: '11m' }).expect(200);
    const expired = await page(`linkToken=${linkToken}&nonce=x`);
    expect(expired.status).toBe(400);
    expect(expired.text).toContain('expired');
    expect((await events(kit, TRIAL.id)).filter((e) => e.type === 'accountLink')).toHaveLength(0);
  });

  it('refuses an unknown user and a missing token in the bot messaging format', async () => {
    const unknown = await issue('U00000000000000000000000000000000');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ message: "The value for the 'userId' parameter is invalid" });
    const noAuth = await request(kit.app).post(`/v2/bot/user/${ALICE}/linkToken`);
    expect(noAuth.status).toBe(401);
  });
});
