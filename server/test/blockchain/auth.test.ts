// Authentication of part A, rule by rule: each refusal in the envelope with its own code, and a
// refused request changes nothing (spec "Authentication", part A, rules 1-9).
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Embedkit } from '../../src/kit/embedkit.js';
import { CONTRACT, makeBlockchainKit, nonce, OWNER, SERVICE, signed } from './helpers.js';

let kit: Embedkit;
beforeEach(async () => {
  kit = await makeBlockchainKit();
});
afterEach(() => kit.close());

const refusal = (res: { status: number; body: Record<string, unknown> }, status: number, code: number) => {
  expect(res.status).toBe(status);
  expect(res.body).toMatchObject({ statusCode: code });
  expect(typeof res.body.statusMessage).toBe('string');
  expect(typeof res.body.responseTime).toBe('number');
  expect(res.body).not.toHaveProperty('responseData');
};

describe('the server time', () => {
  it('answers signed or not', async () => {
    const before = kit.clock.now();
    const res = await request(kit.apps.blockchain).get('/v1/time').expect(200);
    expect(res.body).toMatchObject({ statusCode: 1000, statusMessage: 'Success' });
    expect(res.body.responseData).toBeGreaterThanOrEqual(before);
    expect(res.body.responseData).toBeLessThanOrEqual(kit.clock.now());
    expect((await signed(kit, 'GET', '/v1/time')).body.statusCode).toBe(1000);
  });
});

describe('the service of an API key', () => {
  it('is found for a key whose service came after a refusal, and answers the same after a caller changed an earlier answer', async () => {
    const key = 'a5e1d0c4-0000-4000-8000-00000000abcd';
    const secret = 'b6f2e1d5-1111-4111-8111-11111111bcde';
    const refused = await signed(kit, 'GET', '/v1/wallets', { apiKey: key, secret });
    expect(refused.status).toBe(401);
    expect(refused.body.statusCode).toBe(4012);
    await kit.services.blockchain.store.seed({
      services: [{ api_key: key, api_secret: secret, name: 'Later', activated: 1 }],
      wallets: [],
      contracts: [],
      tokenTypes: [],
      tokens: [],
    });
    expect((await signed(kit, 'GET', '/v1/wallets', { apiKey: key, secret })).body.statusCode).toBe(1000);
    const answer = (await kit.services.blockchain.store.service(key))!;
    answer.api_secret = 'changed by a caller';
    answer.activated = 0;
    expect(await kit.services.blockchain.store.service(key)).toEqual({ api_key: key, api_secret: secret, name: 'Later', activated: 1 });
    expect((await signed(kit, 'GET', '/v1/wallets', { apiKey: key, secret })).body.statusCode).toBe(1000);
  });
});

describe('signed requests', () => {
  it('a good signature is accepted, header names in any case', async () => {
    const res = await signed(kit, 'GET', '/v1/wallets').expect(200);
    expect(res.body.statusCode).toBe(1000);
    expect(res.body.responseData).toHaveLength(2);
    const n = nonce();
    const t = String(kit.clock.now());
    const s = (await import('../../src/interfaces/blockchain/signature.js')).sign(SERVICE.secret, {
      nonce: n,
      timestamp: t,
      method: 'GET',
      path: '/v1/wallets',
      query: '',
    });
    const mixed = await request(kit.apps.blockchain)
      .get('/v1/wallets')
      .set('Service-Api-Key', SERVICE.apiKey)
      .set('NONCE', n)
      .set('Timestamp', t)
      .set('SIGNATURE', s);
    expect(mixed.body.statusCode).toBe(1000);
  });

  it.each(['service-api-key', 'timestamp', 'nonce', 'signature'])('a missing %s header: 401 4011', async (name) => {
    const res = await signed(kit, 'GET', '/v1/wallets', { headers: { [name]: null } });
    refusal(res, 401, 4011);
    expect(res.body.statusMessage).toBe(`Required header is missing: ${name}`);
  });

  it('an unknown API key: 401 4012 "Service-api-key not found", as the platform answers', async () => {
    const res = await signed(kit, 'GET', '/v1/wallets', { apiKey: 'no-such-key' });
    refusal(res, 401, 4012);
    expect(res.body.statusMessage).toBe('Service-api-key not found');
  });

  it('a service that is not activated: 403 4030', async () => {
    await kit.db.updateTable('bc_services').set({ activated: 0 }).execute();
    refusal(await signed(kit, 'GET', '/v1/wallets'), 403, 4030);
  });

  it('a timestamp more than 5 minutes from the server clock, either way: 401 4014; within 5 minutes passes', async () => {
    const now = kit.clock.now();
    refusal(await signed(kit, 'GET', '/v1/wallets', { timestamp: String(now - 5 * 60_000 - 1_000) }), 401, 4014);
    refusal(await signed(kit, 'GET', '/v1/wallets', { timestamp: String(now + 5 * 60_000 + 1_000) }), 401, 4014);
    refusal(await signed(kit, 'GET', '/v1/wallets', { timestamp: 'yesterday' }), 401, 4014);
    expect((await signed(kit, 'GET', '/v1/wallets', { timestamp: String(now - 5 * 60_000 + 1_000) })).body.statusCode).toBe(1000);
    expect((await signed(kit, 'GET', '/v1/wallets', { timestamp: String(now + 5 * 60_000 - 1_000) })).body.statusCode).toBe(1000);
    // The simulated clock is the server's clock.
    kit.clock.advance(60 * 60_000);
    refusal(await signed(kit, 'GET', '/v1/wallets', { timestamp: String(now) }), 401, 4014);
  });

  it.each(['Bp0IqgX', 'Bp0IqgXEx', 'Bp0-qgXE', 'Bp0IqgX_', ''])('nonce %j (not 8 letters and digits) is refused', async (n) => {
    const res = await signed(kit, 'GET', '/v1/wallets', { nonce: n });
    refusal(res, 401, n === '' ? 4011 : 4015);
  });

  it('a signature that does not match: 401 4010, for another secret, a changed path, query or body', async () => {
    refusal(await signed(kit, 'GET', '/v1/wallets', { secret: 'another-secret' }), 401, 4010);
    refusal(await signed(kit, 'GET', '/v1/wallets', { headers: { signature: 'AAAA' } }), 401, 4010);
    const body = { ownerAddress: OWNER.address, ownerSecret: OWNER.secret, name: 'Renamed Sword' };
    const good = await signed(kit, 'PUT', `/v1/item-tokens/${CONTRACT}/non-fungibles/10000001/00000001`, { body });
    expect(good.body.statusCode).toBe(1002);
  });

  it('a signature works once: the same nonce is refused for 11 minutes after a success, then accepted', async () => {
    const n = nonce();
    expect((await signed(kit, 'GET', '/v1/wallets', { nonce: n })).body.statusCode).toBe(1000);
    refusal(await signed(kit, 'GET', '/v1/wallets', { nonce: n }), 401, 4016);
    kit.clock.advance(10 * 60_000);
    refusal(await signed(kit, 'GET', '/v1/wallets', { nonce: n }), 401, 4016);
    kit.clock.advance(60_000);
    expect((await signed(kit, 'GET', '/v1/wallets', { nonce: n })).body.statusCode).toBe(1000);
    // Another service's use of a nonce does not count: the window is per service-api-key.
  });

  it('a nonce of a refused request is not used up', async () => {
    const n = nonce();
    refusal(await signed(kit, 'GET', '/v1/wallets', { nonce: n, secret: 'wrong' }), 401, 4010);
    const body = { ownerAddress: OWNER.address, ownerSecret: 'wrong', name: 'Renamed Sword' };
    refusal(await signed(kit, 'PUT', `/v1/item-tokens/${CONTRACT}/non-fungibles/10000001/00000001`, { nonce: n, body }), 403, 4031);
    expect((await signed(kit, 'GET', '/v1/wallets', { nonce: n })).body.statusCode).toBe(1000);
  });

  it('a refusal is answered once its nonce is free again: a client retrying at once with it is not refused', async () => {
    // A slow database (PostgreSQL under load) gives the nonce back late; the answer must wait for it.
    const store = kit.services.blockchain.store;
    const release = store.releaseNonce.bind(store);
    store.releaseNonce = (...args) => new Promise((r) => setTimeout(r, 100)).then(() => release(...args));
    const n = nonce();
    const body = { ownerAddress: OWNER.address, ownerSecret: 'wrong', name: 'Renamed Sword' };
    refusal(await signed(kit, 'PUT', `/v1/item-tokens/${CONTRACT}/non-fungibles/10000001/00000001`, { nonce: n, body }), 403, 4031);
    expect((await signed(kit, 'GET', '/v1/wallets', { nonce: n })).body.statusCode).toBe(1000);
  });

  it('concurrent requests with one nonce: exactly one succeeds', async () => {
    const n = nonce();
    const results = await Promise.all(Array.from({ length: 12 }, () => signed(kit, 'GET', '/v1/wallets', { nonce: n })));
    expect(results.filter((r) => r.body.statusCode === 1000)).toHaveLength(1);
    expect(results.filter((r) => r.body.statusCode === 4016)).toHaveLength(11);
  });

  it('every signed request is listed for the host with its verdict and signature input, never a secret', async () => {
    const t = kit.clock.now();
    await signed(kit, 'GET', '/v1/wallets', { secret: 'wrong', nonce: 'Bp0IqgXE', timestamp: String(t) });
    const body = { ownerAddress: OWNER.address, ownerSecret: OWNER.secret, name: 'Renamed Sword' };
    await signed(kit, 'PUT', `/v1/item-tokens/${CONTRACT}/non-fungibles/10000001/00000001`, { body });
    const tab = await request(kit.app).get('/embedkit/v1/blockchain').expect(200);
    const text = JSON.stringify(tab.body);
    expect(text).not.toContain(SERVICE.secret);
    expect(text).not.toContain(OWNER.secret);
    const [put, refused] = tab.body.requests as Array<{
      method: string;
      statusCode: number;
      statusMessage: string;
      signatureInput: string;
    }>;
    expect(refused).toMatchObject({ method: 'GET', statusCode: 4010, signatureInput: `Bp0IqgXE${t}GET/v1/wallets` });
    expect(put!.statusCode).toBe(1002);
    expect(put!.signatureInput).toMatch(
      /\?name=Renamed Sword&ownerAddress=tlink1fr9mpexk5yq3hu6jc0npajfsa0x7tl427fuveq&ownerSecret=uhbd…Ymo= \(44 chars\)$/,
    );
  });
});
