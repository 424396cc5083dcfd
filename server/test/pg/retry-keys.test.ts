// Retry keys across servers: two kits on one PostgreSQL schema, the same retry key sent through
// both at the same moment: exactly one push is accepted (200), the other answers 409, and the chat
// holds one message. Needs DATABASE_URL (`npm run test:pg`); skipped otherwise.
import { randomBytes, randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import type { Embedkit } from '../../src/kit/embedkit.js';
import { dropSchema } from '../../src/db/pg-schemas.js';
import { ALICE, ALICE_BOT, bearer, botToken, chatMessages, makeBotKit } from '../bot/helpers.js';
import { TEST_DATABASE_URL } from '../helpers.js';

const kits: Embedkit[] = [];
const schema = `rk_${randomBytes(5).toString('hex')}`;
afterAll(async () => {
  for (const k of kits) await k.close();
  if (TEST_DATABASE_URL) await dropSchema(TEST_DATABASE_URL, schema);
});

describe.skipIf(!TEST_DATABASE_URL)('retry keys on PostgreSQL, two servers', () => {
  it('one key sent through both servers at once: one 200, one 409, one message', async () => {
    // The second kit opens the schema the first one made and loaded.
    kits.push(await makeBotKit({ databaseUrl: TEST_DATABASE_URL!, databaseSchema: schema }));
    kits.push(await makeBotKit({ databaseUrl: TEST_DATABASE_URL!, databaseSchema: schema }));
    const [a, b] = kits as [Embedkit, Embedkit];
    const token = await botToken(a);
    const push = (kit: Embedkit, key: string, text: string) =>
      request(kit.app)
        .post('/v2/bot/message/push')
        .set({ ...bearer(token), 'X-Service-Retry-Key': key })
        .send({ to: ALICE, messages: [{ type: 'text', text }] });
    const rounds = 10;
    for (let i = 0; i < rounds; i++) {
      const key = randomUUID();
      const answers = await Promise.all([push(a, key, `round ${i}`), push(b, key, `round ${i}`)]);
      expect(answers.map((r) => r.status).sort(), `round ${i}`).toEqual([200, 409]);
      const [ok, conflict] = answers[0]!.status === 200 ? answers : [answers[1]!, answers[0]!];
      expect(conflict!.body.message).toBe('The retry key is already accepted');
      expect(conflict!.headers['x-service-accepted-request-id']).toBe(ok!.headers['x-service-request-id']);
    }
    const texts = (await chatMessages(b, ALICE_BOT)).filter((m) => m.sender.type === 'bot').map((m) => m.message.text);
    expect(texts.sort()).toEqual(Array.from({ length: rounds }, (_, i) => `round ${i}`).sort());
  }, 60_000);
});
