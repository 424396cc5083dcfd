/** Shared parts of the delivery-order tests on PostgreSQL: a bot that watches order, and writers. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ALICE, ALICE_BOT, BOB, BOB_BOT, CAROL, GROUP } from '../bot/helpers.js';

/** The three chats the bots scenario's trial bot hears, and who may write in each. */
export const CHATS = [
  { chatId: ALICE_BOT, writers: [ALICE] },
  { chatId: BOB_BOT, writers: [BOB] },
  { chatId: GROUP, writers: [ALICE, BOB, CAROL] },
] as const;

/** A chat's id as a webhook event's source names it (the user of a 1:1 chat with the bot). */
export function chatOfEvent(e: { source: { groupId?: string; roomId?: string; userId?: string } }): string {
  if (e.source.groupId) return e.source.groupId;
  if (e.source.roomId) return e.source.roomId;
  return e.source.userId === BOB ? BOB_BOT : ALICE_BOT;
}

/** One event as the bot got it, with the request it came in. */
export interface Seen {
  chatId: string;
  messageId: string;
  webhookEventId: string | undefined;
  isRedelivery: boolean | undefined;
  /** The request's position among all the bot received (0-based). */
  request: number;
}

/** A bot on 127.0.0.1 that records every message event and how many requests of each chat overlapped. */
export interface OrderBot {
  url: string;
  seen: Seen[];
  /** Most requests of one chat in flight at once (1 when never two at once). */
  maxConcurrentPerChat(): number;
  /** From now on, requests are read and recorded but not answered until {@link resume}. */
  pause(): void;
  /** Answers every held request (200) and stops holding. @returns how many held requests had lost their connection */
  resume(): number;
  /** Requests held now. */
  held(): number;
  close(): Promise<void>;
}

/**
 * Starts the bot. Each request is answered after `holdMs` (so that a second request of the same
 * chat, if the server sent one, would arrive while the first is still open).
 */
export async function startOrderBot(holdMs = 2): Promise<OrderBot> {
  const seen: Seen[] = [];
  const open = new Map<string, number>();
  let most = 0;
  let requests = 0;
  let paused = false;
  const held: { answer: () => void; lost: () => boolean }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const n = requests++;
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { events: Record<string, any>[] };
      const chats = new Set<string>();
      for (const e of body.events) {
        const chatId = chatOfEvent(e as Parameters<typeof chatOfEvent>[0]);
        chats.add(chatId);
        if (e.type !== 'message') continue;
        seen.push({
          chatId,
          messageId: String(e.message.id),
          webhookEventId: e.webhookEventId as string | undefined,
          isRedelivery: (e.deliveryContext as { isRedelivery?: boolean } | undefined)?.isRedelivery,
          request: n,
        });
      }
      for (const c of chats) {
        open.set(c, (open.get(c) ?? 0) + 1);
        most = Math.max(most, open.get(c)!);
      }
      const answer = () => {
        for (const c of chats) open.set(c, open.get(c)! - 1);
        res.statusCode = 200;
        res.end('{}');
      };
      if (paused) {
        let lost = false;
        req.socket.once('close', () => (lost = true));
        held.push({ answer, lost: () => lost });
      } else setTimeout(answer, holdMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhook`,
    seen,
    maxConcurrentPerChat: () => most,
    pause: () => {
      paused = true;
    },
    resume: () => {
      paused = false;
      const all = held.splice(0);
      const lost = all.filter((h) => h.lost()).length;
      all.forEach((h) => h.answer());
      return lost;
    },
    held: () => held.length,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** What a writer's message got: the id the server answered, and the chat. */
export interface Acked {
  chatId: string;
  id: string;
}

/**
 * Runs `writers` loops at once, each sending up to `perWriter` text messages from the host into
 * chat `w % 3` (as one of that chat's members), to the server `baseUrls()[w % n]` (the list as it
 * is when the loop starts; `n` its length). A loop stops at its first refused or failed request
 * (its server died).
 * @param acked where each message the servers acknowledged (200 with an id) is added as it comes
 * @returns `acked`
 */
export async function writeConcurrently(
  baseUrls: () => string[],
  writers: number,
  perWriter: number,
  acked: Acked[] = [],
): Promise<Acked[]> {
  const start = baseUrls();
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      const chat = CHATS[w % CHATS.length]!;
      const userId = chat.writers[w % chat.writers.length]!;
      for (let i = 0; i < perWriter; i++) {
        const base = start[w % start.length]!;
        try {
          const res = await fetch(`${base}/embedkit/v1/chats/${chat.chatId}/messages`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ userId, message: { type: 'text', text: `w${w} #${i}` } }),
            signal: AbortSignal.timeout(30_000),
          });
          if (res.status !== 200) return;
          acked.push({ chatId: chat.chatId, id: ((await res.json()) as { id: string }).id });
        } catch {
          return;
        }
      }
    }),
  );
  return acked;
}

/** A chat's user messages as `GET /embedkit/v1/chats/<id>/messages` lists them (ids, oldest first). */
export async function chatOrder(baseUrl: string, chatId: string): Promise<string[]> {
  const ids: string[] = [];
  let before: string | undefined;
  // Newest page first, then older ones; bounded: 50 pages of 200 are far more than any test writes.
  for (let page = 0; page < 50; page++) {
    const res = await fetch(`${baseUrl}/embedkit/v1/chats/${chatId}/messages?limit=200${before ? `&before=${before}` : ''}`);
    const body = (await res.json()) as { messages: { id: string; sender: { type: string } }[]; more: boolean };
    ids.unshift(...body.messages.filter((m) => m.sender.type === 'user').map((m) => m.id));
    if (!body.more || body.messages.length === 0) break;
    before = body.messages[0]!.id;
  }
  return ids;
}

/** The first arrival of each message id, in arrival order. */
export function firstArrivals(seen: Seen[], chatId: string): string[] {
  const ids = seen.filter((s) => s.chatId === chatId).map((s) => s.messageId);
  return ids.filter((id, i) => ids.indexOf(id) === i);
}
