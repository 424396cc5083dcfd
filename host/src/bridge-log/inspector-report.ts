/**
 * The phone's side of the remote inspector (docs/guide/phones.md, "Inspecting a phone from the
 * desktop"): the host page sends what its bridge log shows, as text with secrets taken out, and
 * who and where it is, to the server (simulator route `reportPhone`), where the desktop's host reads
 * it. New lines go within a quarter of a second; with none, a heartbeat every few seconds keeps the
 * phone listed. The page keeps its id in session storage, so a reload is the same phone.
 */
import type { AppLogEntry, NoticeKind } from '#contract/bridge/protocol.js';
import { MAX_PHONE_REPORT_LINES } from '#contract/requests.js';
import { MAX_TRACE_JSON } from '#contract/bridge/trace.js';
import type { PhoneLogLine } from '#contract/wire.js';
import type { BridgeCallRecord } from '../app/bridge/connect.js';
import type { SimulatorClient } from '../simulator-api/client.js';
import { outcomeText, previewJson } from './log.js';

/** What a phone says of itself in each report. */
export interface PhoneState {
  /** The client the phone plays and the browser it runs in, e.g. "iOS 14.2.0 (OS 17.0) · iPhone". */
  device: string;
  userId: string;
  /** The open app's name, or null. */
  app: string | null;
}

/** How long (ms) new lines wait to be sent together. */
const FLUSH_MS = 250;
/** How often (ms) a phone with nothing new says it is still there. */
const HEARTBEAT_MS = 10_000;
/** Longest text of one field of a line (the server's limit). */
const MAX_TEXT = 2000;

/** Where the id is kept: per tab, so two tabs are two phones, and the frames of the several-phones page one each. */
const STORAGE_KEY = 'embedkit-phone-id';

/** What a key of a secret looks like in an answer or an argument (`accessToken`, `id_token`, `client_secret`...). */
const SECRET_KEY = /token|secret|password|verifier/i;
/** Secrets in text: a token in a URL's query or fragment, a bearer header, a JWT. */
const SECRET_TEXT: readonly [RegExp, string][] = [
  [/\b((?:access|id|refresh)_token|code|code_verifier|client_secret)=[^&#\s"]+/gi, '$1=(redacted)'],
  [/\bBearer\s+[\w.~+/=-]+/gi, 'Bearer (redacted)'],
  [/\beyJ[\w-]*\.[\w-]+\.[\w-]*/g, '(redacted JWT)'],
];
const REDACTED = '(redacted)';

/**
 * Takes secrets out of what a phone sends: the value of every key that names one, and tokens in
 * text; a secret seen under such a key is also taken out wherever it shows up later (an app that
 * logs its own access token). Keeps no more than the last 20 secrets seen.
 */
export class Redactor {
  private readonly seen: string[] = [];

  /** `value` with secrets replaced by "(redacted)"; plain data in, plain data out. */
  value(value: unknown, depth = 0): unknown {
    if (typeof value === 'string') return this.text(value);
    if (depth > 8 || value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) return value.map((v) => this.value(v, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (SECRET_KEY.test(k) && typeof v === 'string' && v !== '') {
        this.remember(v);
        out[k] = REDACTED;
      } else out[k] = this.value(v, depth + 1);
    }
    return out;
  }

  /** `text` with the secrets seen and the token patterns replaced. */
  text(text: string): string {
    let out = text;
    for (const secret of this.seen) out = out.split(secret).join(REDACTED);
    for (const [pattern, by] of SECRET_TEXT) out = out.replace(pattern, by);
    return out;
  }

  private remember(secret: string): void {
    // Short values would redact ordinary words.
    if (secret.length < 8 || this.seen.includes(secret)) return;
    this.seen.push(secret);
    if (this.seen.length > 20) this.seen.shift();
  }
}

/** The id of this page as a phone: made once per tab (and per frame `key`), kept across reloads. */
export function phoneId(key = ''): string {
  const name = key ? `${STORAGE_KEY}:${key}` : STORAGE_KEY;
  try {
    const known = sessionStorage.getItem(name);
    if (known && /^[A-Za-z0-9_-]{8,64}$/.test(known)) return known;
  } catch {
    // Storage refused (a sandbox): a new id per load.
  }
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  const id = `phone-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
  try {
    sessionStorage.setItem(name, id);
  } catch {
    // As above.
  }
  return id;
}

/** "390x844 @3x touch": the page's viewport in CSS pixels, its pixel ratio, and whether the main pointer is a finger. */
export function screenName(): string {
  const touch = typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;
  return `${innerWidth}x${innerHeight} @${Math.round(devicePixelRatio * 100) / 100}x${touch ? ' touch' : ''}`;
}

/** The browser's device in a word or two, from its user agent: "iPhone", "Android 14", "Mac", "Linux"... */
export function browserDevice(userAgent = navigator.userAgent): string {
  // The first that matches: an Android UA also says Linux, an iPhone's also says Mac OS X.
  for (const pattern of [/iPhone|iPad/, /Android [\d.]+/, /Windows/, /CrOS/, /Mac OS X/, /Linux/]) {
    const found = pattern.exec(userAgent)?.[0];
    if (found) return found.replace('Mac OS X', 'Mac');
  }
  return 'browser';
}

const cut = (text: string): string => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text);

/** Sends a host page's log lines and state to the server; see the module's comment. */
export class PhoneReporter {
  readonly id: string;
  private readonly redactor = new Redactor();
  private queue: PhoneLogLine[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private sending = false;
  /** The state of the last report, so that a change is sent at once and a redraw without one is not. */
  private lastState = '';
  private readonly heartbeat: ReturnType<typeof setInterval>;

  /**
   * @param state read at each report
   * @param key what tells this page's id from other pages of the same tab (the frames of the several-phones page)
   */
  constructor(
    private readonly client: SimulatorClient,
    private readonly state: () => PhoneState,
    key = '',
  ) {
    this.id = phoneId(key);
    this.heartbeat = setInterval(() => void this.flush(), HEARTBEAT_MS);
    this.schedule(0);
  }

  /** A bridge call as the bridge log shows it: app log lines and notices become lines of their own. */
  addCall(record: BridgeCallRecord): void {
    if (record.method === 'appLog' && record.ok) {
      for (const e of record.args[0] as AppLogEntry[]) this.push(this.appLine(e));
    } else if (record.method === 'notice' && record.ok) {
      this.push({ kind: 'notice', at: record.startedAt, method: String(record.args[0] as NoticeKind) });
    } else if (record.method === 'liffTrace' && record.ok) {
      // Whole, for the review of the session (a share message is longer than a call's preview).
      const args = previewJson(this.redactor.value(record.args[0]), MAX_TRACE_JSON);
      this.push({ kind: 'call', at: record.startedAt, method: 'liffTrace', args, ok: true, outcome: 'ok', durationMs: 0 });
    } else {
      const safe = { ...record, args: this.redactor.value(record.args) as unknown[], result: this.redactor.value(record.result) };
      this.push({
        kind: 'call',
        at: record.startedAt,
        method: record.method.slice(0, 100),
        args: cut(previewJson(safe.args)),
        ok: record.ok,
        outcome: cut(this.redactor.text(outcomeText(safe))),
        durationMs: Math.max(0, record.durationMs),
      });
    }
  }

  /** The page's state may have changed (an app opened or closed, another person): a change is reported at once. */
  changed(): void {
    if (JSON.stringify(this.state()) !== this.lastState) this.schedule(0);
  }

  /** A message the bridge refused. */
  addRejected(reason: string, origin: string): void {
    this.push({ kind: 'rejected', at: Date.now(), text: cut(this.redactor.text(reason)), origin: origin.slice(0, 500) });
  }

  /** Stops reporting (the page goes). */
  stop(): void {
    clearInterval(this.heartbeat);
    if (this.timer) clearTimeout(this.timer);
  }

  private appLine(e: AppLogEntry): PhoneLogLine {
    return {
      kind: 'app',
      at: e.at,
      appKind: e.kind,
      text: cut(this.redactor.text(String(e.text ?? ''))),
      ...(e.level ? { level: e.level } : {}),
      ...(e.method ? { method: e.method.slice(0, 100) } : {}),
      ...(e.url ? { url: cut(this.redactor.text(e.url)) } : {}),
      ...(typeof e.status === 'number' ? { status: Math.min(999, Math.max(0, Math.trunc(e.status))) } : {}),
      ...(typeof e.ms === 'number' ? { durationMs: Math.max(0, e.ms) } : {}),
    };
  }

  private push(line: PhoneLogLine): void {
    // A `performance.now()` reading means nothing on another page: the desktop gets epoch ms.
    this.queue.push(line.at < 1e12 ? { ...line, at: Math.round(performance.timeOrigin + line.at) } : line);
    this.schedule(FLUSH_MS);
  }

  private schedule(ms: number): void {
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, ms);
  }

  private async flush(): Promise<void> {
    if (this.sending) return;
    this.sending = true;
    const lines = this.queue.splice(0, MAX_PHONE_REPORT_LINES);
    try {
      const s = this.state();
      this.lastState = JSON.stringify(s);
      await this.client.call('reportPhone', {
        params: { phoneId: this.id },
        body: { device: s.device.slice(0, 200), userId: s.userId, app: s.app?.slice(0, 200) ?? null, screen: screenName(), lines },
      });
    } catch {
      // The server went or refused: the lines are dropped (the phone's own log still has them).
    } finally {
      this.sending = false;
    }
    // Lines or a change of state that came while this report was under way go in the next one.
    if (this.queue.length > 0 || JSON.stringify(this.state()) !== this.lastState) this.schedule(FLUSH_MS);
  }
}
