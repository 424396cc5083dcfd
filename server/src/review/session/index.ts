/**
 * What a MINI App did in a session (`embedkit review`, docs/guide/review.md, "What the app did in
 * a session"): the LIFF plugin's trace of the app in a host page (the remote inspector's log of the
 * page) and the server's log of the platform calls made for its channel, read into
 * {@link SessionRecords} and checked by the pure rules of `rules/`.
 */
import type { Finding } from '#contract/review.js';
import type { PhoneLogLine, PhoneView } from '#contract/wire.js';
import { asTraceEntry, type LiffTraceEntry } from '#contract/bridge/trace.js';
import type { PlatformCall } from '../../platform-calls/index.js';
import { DEFAULT_ACTION_WINDOW_MS, type SessionRecords } from './records.js';
import { finding, SOURCES } from './rules/finding.js';
import { sessionFindings } from './rules/index.js';

export { DEFAULT_ACTION_WINDOW_MS, type SessionRecords } from './records.js';

/** What a review of a session reads: the phones' logs, the platform calls, the clock, the MINI Apps. */
export interface SessionReviewDeps {
  /** The remote inspector (`phones/inspector.ts`): the host pages and their log lines. */
  phones: {
    list(): PhoneView[];
    log(phoneId: string, after: number): { phone: PhoneView; lines: PhoneLogLine[] } | null;
  };
  /** The platform calls made for a channel (`platform-calls/`). */
  platformCalls: { calls(channelId: string): PlatformCall[] };
  /** The simulated clock's offset from wall time (ms). */
  clock: { readonly offset: number };
  /** The MINI App of a LIFF ID (an embed ID): its channel and name; null when there is none. */
  miniApp(liffId: string): Promise<{ channelId: string; name: string } | null>;
}

/** Which session to review. */
export interface SessionReviewOptions {
  /** The MINI App (its LIFF ID). */
  liffId: string;
  /** The person; default: the person of the host page chosen. */
  userId?: string;
  /** The host page (a phone of the remote inspector); default: the one that reported this app most recently. */
  phoneId?: string;
  /** How long before a service message the person's action may be, in ms of the simulated clock (default 10 minutes). */
  actionWindowMs?: number;
}

/** The trace lines of a phone's log for `liffId`: from each of its `init` entries to the next `init`. */
export function traceOf(lines: readonly PhoneLogLine[], liffId: string): LiffTraceEntry[] {
  const out: LiffTraceEntry[] = [];
  let mine = false;
  for (const line of lines) {
    if (line.kind !== 'call' || line.method !== 'liffTrace' || !line.args) continue;
    let entry: LiffTraceEntry | null;
    try {
      entry = asTraceEntry(JSON.parse(line.args));
    } catch {
      continue;
    }
    if (!entry) continue;
    if (entry.kind === 'init') mine = entry.liffId === liffId;
    if (mine) out.push(entry);
  }
  return out;
}

/**
 * `trace` with its phone-clock times moved onto the simulated clock: by the offset in force at the
 * platform call nearest in wall time (the clock moved between calls moves the entries with it),
 * else by the offset now.
 */
export function onSimulatedClock(trace: readonly LiffTraceEntry[], calls: readonly PlatformCall[], offsetNow: number): LiffTraceEntry[] {
  return trace.map((e) => {
    let best: PlatformCall | undefined;
    for (const c of calls) if (!best || Math.abs(c.wallAt - e.at) < Math.abs(best.wallAt - e.at)) best = c;
    return { ...e, at: e.at + (best ? best.at - best.wallAt : offsetNow) };
  });
}

const NO_SESSION = {
  check: 'session.seen',
  title: 'A session of the app to review',
  rule: 'The session checks read what the app did in a host page: open the MINI App in the host (embedkit/liff installed) and walk through it first.',
  source: SOURCES.init,
  fix: 'Open the app in the host (npx embedkit open, or the host at /?app=<liffId>), use it, then review again.',
};

/**
 * The findings of the session: the rules of `rules/` over the chosen host page's trace of the app
 * and its channel's platform calls; one `warn` (`session.seen`) when no host page shows the app.
 * @throws Error when `liffId` names no MINI App
 */
export async function reviewSession(deps: SessionReviewDeps, options: SessionReviewOptions): Promise<Finding[]> {
  const app = await deps.miniApp(options.liffId);
  if (!app) throw new Error(`No MINI App ${options.liffId}`);
  const candidates = deps.phones
    .list()
    .filter((p) => (options.phoneId ? p.phoneId === options.phoneId : !options.userId || p.userId === options.userId));
  for (const phone of candidates) {
    const log = deps.phones.log(phone.phoneId, 0);
    const trace = log ? traceOf(log.lines, options.liffId) : [];
    if (trace.length === 0) continue;
    const calls = deps.platformCalls.calls(app.channelId);
    const records: SessionRecords = {
      liffId: options.liffId,
      appName: app.name,
      userId: options.userId ?? phone.userId,
      trace: onSimulatedClock(trace, calls, deps.clock.offset),
      calls,
      actionWindowMs: options.actionWindowMs ?? DEFAULT_ACTION_WINDOW_MS,
    };
    return sessionFindings(records);
  }
  const where = options.phoneId ? `host page ${options.phoneId}` : 'any connected host page';
  return [finding(NO_SESSION, 'warn', `${options.liffId} was not seen in ${where} (the plugin's trace of the app is empty).`)];
}
