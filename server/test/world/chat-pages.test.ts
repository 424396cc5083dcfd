// A chat's history in pages: the host opens a chat on its newest messages and loads
// older (and, after dropping them, newer) ones as the user scrolls.
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Embedkit } from '../../src/kit/embedkit.js';
import { ALICE, makeKit, UTOU } from '../helpers.js';

let kit: Embedkit;
beforeEach(async () => {
  kit = await makeKit();
  for (let i = 0; i < 25; i++) {
    await request(kit.app)
      .post(`/embedkit/v1/chats/${UTOU}/messages`)
      .send({ userId: ALICE, message: { type: 'text', text: `m${i}` } })
      .expect(200);
  }
});
afterEach(() => kit.close());

const texts = (body: { messages: Array<{ message: { text: string } }> }) => body.messages.map((m) => m.message.text);
const page = (query: string) => request(kit.app).get(`/embedkit/v1/chats/${UTOU}/messages${query}`);

describe('GET /embedkit/v1/chats/<id>/messages pages', () => {
  it('answers the newest page oldest first, then older pages by `before` until none is left', async () => {
    const newest = await page('?limit=10').expect(200);
    expect(texts(newest.body)).toEqual(['m15', 'm16', 'm17', 'm18', 'm19', 'm20', 'm21', 'm22', 'm23', 'm24']);
    expect(newest.body.more).toBe(true);
    const older = await page(`?limit=10&before=${newest.body.messages[0].id}`).expect(200);
    expect(texts(older.body)).toEqual(['m5', 'm6', 'm7', 'm8', 'm9', 'm10', 'm11', 'm12', 'm13', 'm14']);
    expect(older.body.more).toBe(true);
    const oldest = await page(`?limit=10&before=${older.body.messages[0].id}`).expect(200);
    expect(texts(oldest.body)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
    expect(oldest.body.more).toBe(false);
  });

  it('walks forward with `after`; without a limit a page holds up to 200', async () => {
    const all = await page('').expect(200);
    expect(all.body.messages).toHaveLength(25);
    expect(all.body.more).toBe(false);
    const first = all.body.messages[0].id as string;
    const next = await page(`?limit=20&after=${first}`).expect(200);
    expect(texts(next.body)[0]).toBe('m1');
    expect(next.body.messages).toHaveLength(20);
    expect(next.body.more).toBe(true);
    const last = await page(`?limit=20&after=${next.body.messages[19].id}`).expect(200);
    expect(texts(last.body)).toEqual(['m21', 'm22', 'm23', 'm24']);
    expect(last.body.more).toBe(false);
  });

  it.each([['?limit=0'], ['?limit=201'], ['?limit=ten'], ['?before=-1'], ['?before=1&after=2'], ['?after=1e3']])(
    'refuses %s with 400',
    async (query) => {
      const res = await page(query).expect(400);
      expect(typeof res.body.message).toBe('string');
    },
  );
});
