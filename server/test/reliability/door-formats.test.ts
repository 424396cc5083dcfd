// A request that breaks a route's declared shape is refused at the door, before its handler, in the
// published error shape of the route's interface, and only once the caller is authenticated: one
// real route per format (bot and embedded apps `{message, details}`, OAuth `{error,
// error_description}`, v1 `{statusCode, statusMessage}`, the blockchain envelope), and the social
// login's authorization request, whose door only types its query: its refusals stay its pages.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Embedkit } from '../../src/kit/embedkit.js';
import { channelToken } from '../helpers.js';
import { signed } from '../blockchain/helpers.js';
import { enterpriseHeaders, makeV1Kit, MESSAGING } from '../v1-bots/helpers.js';

let kit: Embedkit;
let token: string;
beforeAll(async () => {
  kit = await makeV1Kit();
  token = await channelToken(kit, MESSAGING);
});
afterAll(() => kit.close());

const bearer = () => ({ Authorization: `Bearer ${token}` });

describe('bot interface: {message, details}', () => {
  it('refuses a body and a query that break their schemas with every finding', async () => {
    const body = await request(kit.app).post('/v2/bot/audienceGroup/upload').set(bearer()).send({ description: '', isIfaAudience: 'no' });
    expect(body.status).toBe(400);
    expect(body.body).toEqual({
      message: 'The request body has 2 error(s)',
      details: [
        { message: 'May not be empty', property: 'description' },
        { message: 'Must be a boolean', property: 'isIfaAudience' },
      ],
    });
    const query = await request(kit.app).get('/v2/bot/audienceGroup/list?page=0&size=41').set(bearer());
    expect(query.status).toBe(400);
    expect(query.body).toEqual({
      message: 'The request body has 2 error(s)',
      details: [
        { message: 'must be an integer from 1 to 999999999', property: 'page' },
        { message: 'must be an integer from 1 to 40', property: 'size' },
      ],
    });
  });

  it('answers 401 first to a caller without a token', async () => {
    const res = await request(kit.app).post('/v2/bot/audienceGroup/upload').send({ description: '' });
    expect(res.status).toBe(401);
  });
});

describe('embedded apps: {message, details}', () => {
  it('refuses a body with the schema’s findings and the view URL rule’s together, and registers nothing', async () => {
    const before = await request(kit.app).get('/embed/v1/apps').set(bearer());
    const res = await request(kit.app)
      .post('/embed/v1/apps')
      .set(bearer())
      .send({ view: { type: 'huge', url: 'ftp://example.com/' }, extra: 1 });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body).sort()).toEqual(['details', 'message']);
    expect(res.body.message).toBe('The request body has 3 error(s)');
    expect(res.body.details.map((d: { property: string }) => d.property).sort()).toEqual(['extra', 'view.type', 'view.url']);
    const after = await request(kit.app).get('/embed/v1/apps').set(bearer());
    expect(after.body).toEqual(before.body);
  });
});

describe('OAuth token operations: {error, error_description}', () => {
  it('refuses a form without the fields its grant needs, as invalid_request naming each', async () => {
    const res = await request(kit.app).post('/oauth2/v2.1/token').type('form').send({ grant_type: 'authorization_code', code: 'x' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'invalid_request',
      error_description: "'redirect_uri' must be specified; 'client_id' must be specified",
    });
  });

  it('refuses a repeated field and a verifier of the wrong shape', async () => {
    const repeated = await request(kit.app).get('/oauth2/v2.1/verify?access_token=a&access_token=b');
    expect(repeated.status).toBe(400);
    expect(repeated.body).toEqual({ error: 'invalid_request', error_description: "'access_token' must be given once" });
    const verifier = await request(kit.app).post('/oauth2/v2.1/token').type('form').send({
      grant_type: 'authorization_code',
      code: 'x',
      redirect_uri: 'https://example.com/cb',
      client_id: MESSAGING.id,
      code_verifier: 'short',
    });
    expect(verifier.body).toEqual({
      error: 'invalid_request',
      error_description: "'code_verifier' must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~",
    });
  });

  it('leaves an unsupported grant type to its own published error', async () => {
    const res = await request(kit.app).post('/oauth2/v2.1/token').type('form').send({ grant_type: 'password' });
    expect(res.body.error).toBe('unsupported_grant_type');
  });
});

describe('v1 bots: {statusCode, statusMessage}', () => {
  it('refuses a Post Event body that is not an object, after the channel’s token', async () => {
    const headers = await enterpriseHeaders(kit);
    const res = await request(kit.app).post('/v1/events').set(headers).set('Content-Type', 'application/json').send('[1,2]');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ statusCode: '400', statusMessage: 'body: must be a JSON object' });
    const anonymous = await request(kit.app).post('/v1/events').set('Content-Type', 'application/json').send('[1,2]');
    expect(anonymous.status).toBe(401);
    expect(Object.keys(anonymous.body).sort()).toEqual(['statusCode', 'statusMessage']);
  });

  it('refuses a profiles query in the spec’s rows: a missing mids first (HTTP 500), else invalid parameter(s).', async () => {
    const headers = await enterpriseHeaders(kit);
    const page = await request(kit.app).get('/v1/profiles?mids=u1&start=0').set(headers);
    expect(page.status).toBe(400);
    expect(page.body).toEqual({ statusCode: '400', statusMessage: 'invalid parameter(s).' });
    const missing = await request(kit.app).get('/v1/profiles?display=5000').set(headers);
    expect(missing.status).toBe(500);
    expect(missing.body).toEqual({ statusCode: '400', statusMessage: "Required String parameter 'mids' is not present" });
  });
});

describe('blockchain: the envelope', () => {
  it('refuses an identifier, a query and a body of the wrong shape as 400 4000, after the signature', async () => {
    const tx = await signed(kit, 'GET', '/v1/transactions/abc');
    expect(tx.status).toBe(400);
    expect(Object.keys(tx.body).sort()).toEqual(['responseTime', 'statusCode', 'statusMessage']);
    expect(tx.body).toMatchObject({ statusCode: 4000, statusMessage: 'Bad request: txHash: must be 64 upper-case hex digits' });
    const page = await signed(kit, 'GET', '/v1/wallets/tlink18zxqds28mmg8mwduk32csx5xt6urw93ycf8jwp/transactions?limit=51&orderBy=up');
    expect(page.body).toMatchObject({
      statusCode: 4000,
      statusMessage: 'Bad request: limit: must be an integer from 1 to 50; orderBy: must be asc or desc',
    });
    const mint = await signed(kit, 'POST', '/v1/item-tokens/61e14383/non-fungibles/multi-mint', { body: { mintList: [] } });
    expect(mint.status).toBe(400);
    expect(mint.body.statusCode).toBe(4000);
    expect(mint.body.statusMessage).toMatch(/^Bad request: .*mintList: Size must be between 1 and 10/);
    const unsigned = await request(kit.apps.blockchain).get('/v1/transactions/abc');
    expect(unsigned.status).toBe(401);
  });
});

describe('social login: the authorization request', () => {
  it('answers a repeated client_id with its error page, not a door’s JSON', async () => {
    const res = await request(kit.app).get(`/oauth2/v2.1/authorize?client_id=${MESSAGING.id}&client_id=x`);
    expect(res.status).toBe(400);
    expect(res.type).toBe('text/html');
    expect(res.text).toContain('client_id is given more than once.');
  });
});
