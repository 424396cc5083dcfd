// The host's live feed (GET /embedkit/v1/events/stream, server-sent events): a bot's message and
// a webhook delivery reach an open stream at once.
import { pino } from 'pino';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../src/serve/start.js';
import { onTestDatabase } from '../../helpers.js';
import { ALICE_BOT, BOTS_SCENARIO, TRIAL } from '../helpers.js';

let server: RunningServer;
beforeEach(async () => {
  server = await startServer(onTestDatabase({ port: 0, inMemory: true, scenarioFile: BOTS_SCENARIO, logger: pino({ level: 'silent' }) }));
});
afterEach(() => server.close());

/** Reads an event stream until `count` events arrived. */
async function readEvents(body: ReadableStream<Uint8Array>, count: number): Promise<{ event: string; data: Record<string, unknown> }[]> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const out: { event: string; data: Record<string, unknown> }[] = [];
  while (out.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.+)$/m.exec(block)?.[1];
      const data = /^data: (.+)$/m.exec(block)?.[1];
      if (event && data) out.push({ event, data: JSON.parse(data) });
    }
  }
  await reader.cancel();
  return out;
}

it('streams chat and delivery changes to the host', async () => {
  const stream = await fetch(`${server.baseUrl}/embedkit/v1/events/stream`);
  expect(stream.headers.get('content-type')).toBe('text/event-stream');
  const token = await (
    await fetch(`${server.baseUrl}/v2/oauth/accessToken`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: TRIAL.id, client_secret: TRIAL.secret }),
    })
  ).json();
  const received = readEvents(stream.body!, 3);
  await fetch(`${server.baseUrl}/embedkit/v1/chats/${ALICE_BOT}/messages`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ userId: 'U0a11ce0000000000000000000000a11c', message: { type: 'text', text: 'hi' } }),
  });
  await fetch(`${server.baseUrl}/v2/bot/message/push`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token.access_token}` },
    body: JSON.stringify({ to: 'U0a11ce0000000000000000000000a11c', messages: [{ type: 'text', text: 'pushed' }] }),
  });
  const events = await received;
  expect(events).toEqual([
    { event: 'chat', data: { type: 'chat', chatId: ALICE_BOT } },
    { event: 'delivery', data: { type: 'delivery', channelId: TRIAL.id, id: expect.any(Number), status: 'skipped' } },
    { event: 'chat', data: { type: 'chat', chatId: ALICE_BOT } },
  ]);
});
