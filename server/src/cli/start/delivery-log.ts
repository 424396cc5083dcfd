/**
 * The terminal's view of webhook deliveries (`embedkit start`): one line per failed delivery
 * attempt (the status or the error, the URL, the first line of the bot's answer) and one when a
 * channel's deliveries succeed again, so that a bot that refuses every event is seen where the user
 * looks, not only in the host's Webhooks panel. Built on the delivery events the server publishes
 * on its live feed (`LiveHub`) and the deliveries the panel reads; it changes nothing.
 */
import type { LiveEvent } from '../../live/hub.js';
import type { DeliveryView } from '../../webhooks/deliveries.js';

/** Where the lines come from: the live feed, the deliveries' view, the clock. */
export interface DeliveryLogSource {
  subscribe(listener: (event: LiveEvent) => void): () => void;
  /** The newest deliveries of a channel, newest first, with every attempt oldest first. */
  list(channelId: string, limit: number): Promise<{ deliveries: DeliveryView[] }>;
  /** The simulated clock's time in ms (attempts carry its `startedAt`). */
  now(): number;
}

/** Deliveries of a channel read back per change: the one that changed is among the newest. */
const LISTED = 200;
/** Deliveries whose examined attempts are remembered (oldest forgotten first). */
const REMEMBERED = 5000;
/** Longest answer excerpt on a line, in characters. */
const EXCERPT = 160;

/** The first line of a bot's answer, trimmed and cut to {@link EXCERPT} characters; empty when none. */
export function firstLine(text: string | null): string {
  const line = (text ?? '').split(/\r?\n/, 1)[0]!.trim();
  return line.length > EXCERPT ? `${line.slice(0, EXCERPT)}…` : line;
}

/** A failed attempt as one line: what came back, from where, and what happens next. */
function failureLine(channelId: string, d: DeliveryView, n: number, now: number): string {
  const a = d.attempts[n]!;
  const what = a.statusCode !== null ? String(a.statusCode) : (a.error ?? 'no answer');
  const answer = a.statusCode !== null ? firstLine(a.responseBody) : '';
  const last = n === d.attempts.length - 1;
  let next = '';
  if (last && d.status === 'pending' && d.nextAttemptAt !== null)
    next = `; retry in ${Math.max(0, Math.round((d.nextAttemptAt - now) / 1000))} s`;
  else if (last && d.status === 'failed') next = '; no more retries';
  return (
    `webhook failed: ${what} ${a.url}${answer ? ` "${answer}"` : ''} ` + `(channel ${channelId}, delivery ${d.id}, attempt ${n + 1}${next})`
  );
}

/**
 * Writes a line per failed delivery attempt made from now on, and one when a channel whose
 * deliveries failed gets a 200 again.
 * @param write called with each line (no trailing newline)
 * @returns the function that stops it
 */
export function logDeliveries(source: DeliveryLogSource, write: (line: string) => void): () => void {
  const since = source.now();
  /** Per delivery, the attempts already examined. */
  const examined = new Map<number, number>();
  /** Channels whose last examined attempt failed: how many failed since the last success. */
  const failing = new Map<string, number>();
  /** Deliveries that changed, per channel, not examined yet. */
  const dirty = new Map<string, Set<number>>();
  let running: Promise<void> | undefined;

  const examine = async (channelId: string, ids: Set<number>) => {
    const { deliveries } = await source.list(channelId, LISTED);
    const now = source.now();
    const fresh: Array<{ d: DeliveryView; n: number }> = [];
    for (const d of deliveries) {
      if (!ids.has(d.id)) continue;
      const from = examined.get(d.id) ?? 0;
      for (let n = from; n < d.attempts.length; n++) if (d.attempts[n]!.startedAt >= since) fresh.push({ d, n });
      examined.delete(d.id);
      examined.set(d.id, d.attempts.length);
      if (examined.size > REMEMBERED) examined.delete(examined.keys().next().value!);
    }
    fresh.sort((x, y) => x.d.attempts[x.n]!.startedAt - y.d.attempts[y.n]!.startedAt);
    for (const { d, n } of fresh) {
      const a = d.attempts[n]!;
      if (a.statusCode === 200) {
        const failures = failing.get(channelId);
        if (failures !== undefined) write(`webhook recovered: 200 ${a.url} (channel ${channelId}, after ${failures} failed attempt(s))`);
        failing.delete(channelId);
      } else {
        failing.set(channelId, (failing.get(channelId) ?? 0) + 1);
        write(failureLine(channelId, d, n, now));
      }
    }
  };

  const drain = async () => {
    while (dirty.size > 0) {
      const [channelId, ids] = dirty.entries().next().value!;
      dirty.delete(channelId);
      // A read that fails (the database closing) only costs lines.
      await examine(channelId, ids).catch(() => undefined);
    }
    running = undefined;
  };

  return source.subscribe((event) => {
    if (event.type !== 'delivery' || event.status === 'skipped') return;
    const ids = dirty.get(event.channelId) ?? new Set<number>();
    ids.add(event.id);
    dirty.set(event.channelId, ids);
    running ??= drain();
  });
}
