// How a request body reaches the routes (server/src/http/body.ts readBody): a body with its length
// is read from the stream as it arrives, in any number of packets; a compressed or chunked one goes
// through body-parser as before; a client that goes away mid-body leaves nothing stored and the
// server answering. Raw sockets, so the packets are the test's own.
import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/serve/start.js';
import { onTestDatabase, TWO_CHANNELS, userToken, UTOU } from '../helpers.js';

let server: RunningServer;
let token: string;
/** What the server logged as errors (a 500 would be one). */
const errors: string[] = [];
beforeAll(async () => {
  const logger = pino({ level: 'error' }, { write: (line: string) => void errors.push(line) });
  server = await startServer(onTestDatabase({ port: 0, inMemory: true, scenarioFile: TWO_CHANNELS, logger }));
  token = await userToken(server.embedkit);
});
afterAll(() => server.close());

/**
 * Sends `head` then each packet of `packets` 30 ms apart on one connection; resolves with what the
 * server wrote once it closes (`Connection: close`), or after `quietMs` of silence.
 */
function exchange(head: string, packets: Buffer[], opts: { endEarly?: boolean; quietMs?: number } = {}): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(server.port, '127.0.0.1');
    let text = '';
    let quiet: NodeJS.Timeout | undefined;
    const done = () => {
      clearTimeout(quiet);
      socket.destroy();
      resolve(text);
    };
    socket.on('data', (d) => (text += d.toString()));
    socket.on('error', () => undefined);
    socket.on('close', done);
    socket.write(head);
    packets.forEach((p, i) =>
      setTimeout(
        () => {
          socket.write(p);
          if (i === packets.length - 1 && opts.endEarly) {
            socket.end();
            quiet = setTimeout(done, opts.quietMs ?? 300);
          }
        },
        30 * (i + 1),
      ),
    );
  });
}

const shareHead = (length: number, extra = '') =>
  `POST /message/v3/share HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\nConnection: close\r\n${extra}\r\n`;

const lastText = async () => {
  const { messages } = await server.embedkit.services.chats.list(UTOU);
  return (messages.at(-1)?.message as { text?: string } | undefined)?.text;
};

describe('request bodies on the wire', () => {
  it('reads a body sent in three packets whole (its last packet decides the answer)', async () => {
    const body = Buffer.from(JSON.stringify({ messages: [{ type: 'text', text: 'sent in three packets' }] }));
    const answer = await exchange(shareHead(body.length), [body.subarray(0, 5), body.subarray(5, 30), body.subarray(30)]);
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(await lastText()).toBe('sent in three packets');
    // A syntax error in the third packet is found at its place in the whole text.
    const broken = Buffer.from('{"messages": [{"type": "text",\n "text": "x"}}');
    const refused = await exchange(shareHead(broken.length), [broken.subarray(0, 10), broken.subarray(10, 20), broken.subarray(20)]);
    expect(refused).toMatch(/^HTTP\/1\.1 400 /);
    expect(refused).toContain('"message":"The request body could not be parsed as JSON (line: 2, column: 14)"');
  });

  it('still reads a gzip-compressed body and a chunked one (body-parser)', async () => {
    const gz = gzipSync(JSON.stringify({ messages: [{ type: 'text', text: 'compressed' }] }));
    const answer = await exchange(shareHead(gz.length, 'Content-Encoding: gzip\r\n'), [gz]);
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(await lastText()).toBe('compressed');
    const json = JSON.stringify({ messages: [{ type: 'text', text: 'chunked' }] });
    const head = shareHead(0).replace('Content-Length: 0\r\n', 'Transfer-Encoding: chunked\r\n');
    const chunked = await exchange(head, [Buffer.from(`${json.length.toString(16)}\r\n${json}\r\n`), Buffer.from('0\r\n\r\n')]);
    expect(chunked).toMatch(/^HTTP\/1\.1 200 /);
    expect(await lastText()).toBe('chunked');
  });

  it('stores nothing from a client that goes away mid-body, and keeps answering', async () => {
    const before = await lastText();
    const body = Buffer.from(JSON.stringify({ messages: [{ type: 'text', text: 'never finished' }] }));
    await exchange(shareHead(body.length), [body.subarray(0, 20)], { endEarly: true });
    expect(await lastText()).toBe(before);
    const ok = Buffer.from(JSON.stringify({ messages: [{ type: 'text', text: 'after the cut' }] }));
    expect(await exchange(shareHead(ok.length), [ok])).toMatch(/^HTTP\/1\.1 200 /);
    expect(await lastText()).toBe('after the cut');
    expect(errors).toEqual([]);
  });
});
