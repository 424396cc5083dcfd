// The share target picker across servers: two kits on one PostgreSQL schema. A ticket bought
// through one opens the picker page on the other, and the same send through both at once writes
// the messages once. Needs DATABASE_URL (`npm run test:pg`); skipped otherwise.
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { dropSchema } from '../../src/db/pg-schemas.js';
import type { Embedkit } from '../../src/kit/embedkit.js';
import { TEST_DATABASE_URL } from '../helpers.js';
import { ALICE, bearer, makeSocialKit, UTOU, WEB } from '../social/helpers.js';

const LIFF_ID = '1650000101-pkceapp1';
const kits: Embedkit[] = [];
const schema = `sp_${randomBytes(5).toString('hex')}`;
afterAll(async () => {
  for (const k of kits) await k.close();
  if (TEST_DATABASE_URL) await dropSchema(TEST_DATABASE_URL, schema);
});

describe.skipIf(!TEST_DATABASE_URL)('share target picker tickets on PostgreSQL, two servers', () => {
  it('a ticket of one server opens the page on the other; one send through both writes once', async () => {
    kits.push(await makeSocialKit({ databaseUrl: TEST_DATABASE_URL!, databaseSchema: schema }));
    kits.push(await makeSocialKit({ databaseUrl: TEST_DATABASE_URL!, databaseSchema: schema }));
    const [a, b] = kits as [Embedkit, Embedkit];
    const session = await request(a.app)
      .post('/embedkit/v1/sessions')
      .send({ userId: ALICE, channelId: WEB.id, scopes: ['profile'], context: { type: 'none' } })
      .expect(200);
    const ticket = await request(a.app)
      .get(`/liff/v2/apps/${LIFF_ID}/ott`)
      .set(bearer(String(session.body.access_token)))
      .expect(200);
    const ott = String(ticket.body.ott);
    const page = await request(b.app).get('/oauth2/v2.1/liff/shareTargetPicker').query({ liffId: LIFF_ID, ott });
    expect(page.status).toBe(200);
    expect(page.text).toContain(`value="${UTOU}"`);
    const body = { liffId: LIFF_ID, ott, chatIds: [UTOU], isMultiple: false, messages: [{ type: 'text', text: 'picked on b' }] };
    const answers = await Promise.all([
      request(a.app).post('/oauth2/v2.1/liff/shareTargetPicker/send').send(body),
      request(b.app).post('/oauth2/v2.1/liff/shareTargetPicker/send').send(body),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 401]);
    const messages = (await request(a.app).get(`/embedkit/v1/chats/${UTOU}/messages`).expect(200)).body.messages as {
      message: { text?: string };
    }[];
    expect(messages.filter((m) => m.message.text === 'picked on b')).toHaveLength(1);
  }, 60_000);
});
