/**
 * The host with a long chat: a chat of 100,000 messages opens in the phone (deep link
 * to the chat, until its newest page is drawn) in about the time a chat of 10 messages takes, and
 * the page holds a bounded number of messages. Measured in Debian's Chromium against a server with
 * the history written straight into its database file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { startServer, type RunningServer } from '../../server/dist/serve/start.js';
import { launchChromium } from './browser.js';
import type { Figure } from '../lib/report.js';
import { summarize } from '../lib/stats.js';

const ALICE = 'U0a11ce0000000000000000000000a11c';
/** Alice & Bob: the long chat. */
const LONG = 'UU0a11ce00000000000000000000000b0';
/** The room: the short chat (the anchor). */
const SHORT = 'R0000000000000000000000000000000a';
const LONG_SIZE = 100_000;
const OPENS = 7;

async function fill(server: RunningServer, chatId: string, total: number): Promise<void> {
  const body = JSON.stringify({ type: 'text', text: 'a message of a long history, about this long' });
  for (let done = 0; done < total; done += 10_000) {
    await server.embedkit.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 10_000 && done + i < total; i += 500) {
        const rows = Array.from({ length: Math.min(500, total - done - i) }, (_, j) => ({
          chat_id: chatId,
          sender_type: 'user',
          sender_id: ALICE,
          body,
          created_at: done + i + j,
        }));
        await trx.insertInto('messages').values(rows).execute();
      }
    });
  }
}

export async function longChatFigures(): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'embedkit-bench-long-'));
  const server = await startServer({ port: 0, dataDir: dir, logger: pino({ level: 'silent' }) });
  const browser = await launchChromium();
  try {
    await fill(server, LONG, LONG_SIZE);
    await fill(server, SHORT, 10);
    const page = await browser.newPage();
    // Time from navigation start until the chat's newest page is drawn, in ms; and the messages in the page.
    const open = async (chatId: string) => {
      await page.goto(`${server.baseUrl}/?user=${ALICE}&context=utou&chat=${chatId}`);
      const at = await page.waitForFunction(
        (n) => (document.querySelectorAll('#chat-messages .message').length >= n ? performance.now() : false),
        chatId === LONG ? 50 : 10,
        { polling: 'raf', timeout: 20_000 },
      );
      return { ms: (await at.jsonValue()) as number, rendered: await page.locator('#chat-messages .message').count() };
    };
    const long: number[] = [];
    const short: number[] = [];
    let rendered = 0;
    await open(SHORT); // warm the caches of the host's files
    for (let i = 0; i < OPENS; i++) {
      short.push((await open(SHORT)).ms);
      const l = await open(LONG);
      long.push(l.ms);
      rendered = Math.max(rendered, l.rendered);
    }
    const l = summarize(long);
    const s = summarize(short);
    return [
      {
        figure: `host: open a chat of ${LONG_SIZE.toLocaleString('en')} messages (deep link until its newest page is drawn), ${OPENS} opens`,
        unit: 'ms',
        embedkit: l,
        anchor: { name: 'a chat of 10 messages', value: s },
        ratio: l.median / s.median,
        target: '<= 300 ms; at most 200 messages in the page',
        pass: l.median <= 300 && rendered <= 200,
        note: `${rendered} messages in the page`,
      },
    ];
  } finally {
    await browser.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
