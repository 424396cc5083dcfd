/**
 * `embedkit start` prints a line per failed webhook delivery attempt (the status or the error, the
 * URL, the first line of the bot's answer) and one when the channel's deliveries recover;
 * `--quiet` leaves them out. Runs the built CLI with a bot that fails, then answers 200.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startCli, type StartedCli } from '../run-cli.js';

const CHANNEL = '1650000001';
const ALICE = 'U0a11ce0000000000000000000000a11c';
const ALICE_BOT_CHAT = 'UBa11ce0000000000000000000000a11c';

let kit: StartedCli | undefined;
let bot: Server | undefined;
afterEach(async () => {
  await kit?.stop();
  bot?.close();
  kit = bot = undefined;
});

/** A bot that answers with the given statuses and bodies in turn, then 200; resolves with its URL and the number of requests so far. */
async function flakyBot(answers: Array<[number, string]>): Promise<{ url: string; requests: () => number }> {
  let n = 0;
  bot = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const [status, body] = answers[n++] ?? [200, '{}'];
      res.writeHead(status, { 'content-type': 'text/plain' }).end(body);
    });
  });
  await new Promise<void>((r) => bot!.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(bot.address() as AddressInfo).port}/webhook`, requests: () => n };
}

async function aliceWrites(url: string, hook: string): Promise<void> {
  const put = await fetch(`${url}/embedkit/v1/channels/${CHANNEL}/webhook`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url: hook }),
  });
  expect(put.status).toBe(200);
  const said = await fetch(`${url}/embedkit/v1/chats/${ALICE_BOT_CHAT}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userId: ALICE, message: { type: 'text', text: 'hello bot' } }),
  });
  expect(said.status).toBe(200);
}

describe('embedkit start: webhook deliveries in the terminal', { timeout: 30_000 }, () => {
  it('prints each failed attempt with its status, URL and the answer’s first line, then the recovery', async () => {
    const b = await flakyBot([[500, 'boom: the handler threw\n    at handler (bot.js:1:1)']]);
    kit = await startCli(['--port', '0', '--in-memory']);
    await aliceWrites(kit.url, b.url);
    const failed = await kit.waitFor(/embedkit: webhook failed: .*\n/);
    expect(failed[0]).toContain(`500 ${b.url} "boom: the handler threw"`);
    expect(failed[0]).toContain(`channel ${CHANNEL}`);
    expect(failed[0]).toMatch(/attempt 1; retry in \d+ s/);
    expect(failed[0]).not.toContain('at handler');
    const recovered = await kit.waitFor(/embedkit: webhook recovered: .*\n/);
    expect(recovered[0]).toContain(`200 ${b.url} (channel ${CHANNEL}, after 1 failed attempt(s))`);
  });

  it('names the error when nothing answers', async () => {
    kit = await startCli(['--port', '0', '--in-memory']);
    await aliceWrites(kit.url, 'http://127.0.0.1:9/webhook');
    const failed = await kit.waitFor(/embedkit: webhook failed: .*\n/);
    expect(failed[0]).toMatch(/webhook failed: ECONNREFUSED.* http:\/\/127\.0\.0\.1:9\/webhook/);
  });

  it('--quiet prints none of them', async () => {
    const b = await flakyBot([[401, 'no signature']]);
    kit = await startCli(['--port', '0', '--in-memory', '--quiet']);
    await aliceWrites(kit.url, b.url);
    const until = Date.now() + 10_000;
    while (b.requests() < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(b.requests()).toBe(2);
    await new Promise((r) => setTimeout(r, 300));
    await kit.stop();
    expect(kit.output()).not.toContain('webhook failed');
    expect(kit.output()).not.toContain('webhook recovered');
  });
});
