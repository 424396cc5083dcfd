// The simulator API checks each route's declared body at the door, before its handler runs, and
// refuses a body that breaks the schema in the route's own error format: `{message, details}`, or
// the v1 interface's `{statusCode, statusMessage}` for a v1 body. Rules that need the world (a
// channel exists) come after, in the handler.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Embedkit } from '../../src/kit/embedkit.js';
import { shapeRefusal } from '../../src/http/shape-refusal.js';
import { SIMULATOR_PREFIX } from '#contract/simulator-api.js';
import { makeKit } from '../helpers.js';

let kit: Embedkit;
beforeAll(async () => {
  kit = await makeKit();
});
afterAll(async () => {
  await kit.close();
});

describe('the door of the simulator API', () => {
  it('refuses a body that breaks its schema with every finding, before the rule that the channel exists', async () => {
    const bad = await request(kit.app).patch(`${SIMULATOR_PREFIX}/channels/9999999999`).send({ active: 'yes', colour: 'red' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^The request body has [12] error\(s\)$/);
    expect(bad.body.details.map((d: { property?: string }) => d.property)).toContain('active');
    const unknown = await request(kit.app).patch(`${SIMULATOR_PREFIX}/channels/9999999999`).send({ active: true });
    expect(unknown.status).toBe(404);
  });

  it('refuses a v1 body in the v1 format, naming the field', async () => {
    const bad = await request(kit.app)
      .put(`${SIMULATOR_PREFIX}/channels/9999999999/link-templates/sale`)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ text: 5, linkUri: 'https://example.com/' }));
    expect(bad.status).toBe(400);
    expect(bad.body.statusCode).toBe('400');
    expect(bad.body.statusMessage).toMatch(/^text: /);
    expect(bad.body.message).toBeUndefined();
  });

  it('hands the handler a checked body: a postback without its user is refused, a good one reaches the rules', async () => {
    const chat = (await request(kit.app).get(`${SIMULATOR_PREFIX}/world`)).body.chats[0] as { chatId: string };
    const missing = await request(kit.app).post(`${SIMULATOR_PREFIX}/chats/${chat.chatId}/postbacks`).send({ data: 'a=1' });
    expect(missing.status).toBe(400);
    expect(missing.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ property: 'userId' })]));
    const stranger = await request(kit.app)
      .post(`${SIMULATOR_PREFIX}/chats/${chat.chatId}/postbacks`)
      .send({ userId: 'Unobody', data: 'a=1' });
    expect(stranger.status).toBe(400);
    expect(stranger.body.details).toBeUndefined();
  });
});

describe('shapeRefusal', () => {
  const details = [
    { message: 'must be string', property: 'text' },
    { message: 'must be an absolute http or https URL', property: 'linkUri' },
  ];
  it('writes the bot format with every detail', () => {
    expect(shapeRefusal('message-details', details).body).toEqual({ message: 'The request body has 2 error(s)', details });
  });
  it('writes the v1 format with the first finding', () => {
    const e = shapeRefusal('v1', details);
    expect([e.status, e.body]).toEqual([400, { statusCode: '400', statusMessage: 'text: must be string' }]);
  });
  it('writes the OAuth format with every finding', () => {
    expect(shapeRefusal('oauth', details).body).toEqual({
      error: 'invalid_request',
      error_description: 'text: must be string; linkUri: must be an absolute http or https URL',
    });
  });
});
