/**
 * What the LIFF plugin (`embedkit/liff`) tells the host of how the app uses the `liff` object, for
 * a review of the session (`embedkit review`, docs/guide/review.md): each member called and when
 * (before `liff.init` finished or after), each `liff.isApiAvailable` check and its answer, the
 * person's taps and keys in the page, the share messages the app made, and its uncaught errors
 * and unhandled rejections. The host records each entry in its bridge log (bridge method
 * `liffTrace`); the remote inspector carries it to the server, where the review reads it. Plain data
 * only, times in ms since 1970 (the phone's clock).
 */

/** Where the app was with `liff.init` when it called a member: not called yet, under way, or finished. */
export const TRACE_PHASES = ['before-init', 'during-init', 'ready'] as const;
export type TracePhase = (typeof TRACE_PHASES)[number];

/** `liff.init` finished: the app's LIFF ID, the scopes the session was granted, the client's version and OS. */
export interface TraceInit {
  kind: 'init';
  at: number;
  liffId: string;
  scopes: string[];
  lineVersion: string | null;
  os: string;
}

/**
 * A member of `liff` called (`name` as the app wrote it after `liff.`, e.g. `getProfile`,
 * `iap.createPayment`); for a member the published availability rule guards, its API name
 * (`api`, as `liff.isApiAvailable` takes it) and whether the client had it then (`available`).
 */
export interface TraceCall {
  kind: 'call';
  at: number;
  name: string;
  phase: TracePhase;
  api?: string;
  available?: boolean;
}

/** `liff.isApiAvailable(api)` called, and its answer. */
export interface TraceCheck {
  kind: 'check';
  at: number;
  api: string;
  available: boolean;
}

/** The person touched, clicked or typed in the page (at most one entry a second). */
export interface TraceGesture {
  kind: 'gesture';
  at: number;
}

/**
 * A share message: the messages given to `liff.shareTargetPicker` or `liff.sendMessages`; `tooLong`
 * when their JSON was longer than {@link MAX_TRACE_JSON} (then `messages` is empty).
 */
export interface TraceShare {
  kind: 'share';
  at: number;
  via: 'shareTargetPicker' | 'sendMessages';
  messages: unknown[];
  tooLong?: boolean;
}

/** An uncaught error (`rejection: false`) or an unhandled rejection of a promise (`rejection: true`) of the page. */
export interface TraceError {
  kind: 'error';
  at: number;
  text: string;
  rejection: boolean;
}

/** One entry of the trace. */
export type LiffTraceEntry = TraceInit | TraceCall | TraceCheck | TraceGesture | TraceShare | TraceError;

/** Entries the plugin keeps until the bridge is up (later ones are dropped). */
export const MAX_TRACE_QUEUE = 200;
/** Longest error text an entry carries, in characters. */
export const MAX_TRACE_TEXT = 500;
/** Longest JSON of one entry the host accepts and the remote inspector carries, in characters. */
export const MAX_TRACE_JSON = 8000;

const str = (v: unknown, max = 200): v is string => typeof v === 'string' && v.length <= max;
const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * `value` as a trace entry when it is one (every field of its kind, of its type and size), else
 * null. The host checks what a page sends with it; the review reads the remote inspector's lines
 * with it.
 */
export function asTraceEntry(value: unknown): LiffTraceEntry | null {
  if (typeof value !== 'object' || value === null) return null;
  const e = value as Record<string, unknown>;
  if (!num(e.at)) return null;
  switch (e.kind) {
    case 'init':
      return str(e.liffId) &&
        Array.isArray(e.scopes) &&
        e.scopes.every((s) => str(s)) &&
        (e.lineVersion === null || str(e.lineVersion)) &&
        str(e.os)
        ? (e as unknown as TraceInit)
        : null;
    case 'call':
      return str(e.name) &&
        (TRACE_PHASES as readonly unknown[]).includes(e.phase) &&
        (e.api === undefined || str(e.api)) &&
        (e.available === undefined || typeof e.available === 'boolean')
        ? (e as unknown as TraceCall)
        : null;
    case 'check':
      return str(e.api) && typeof e.available === 'boolean' ? (e as unknown as TraceCheck) : null;
    case 'gesture':
      return e as unknown as TraceGesture;
    case 'share':
      return (e.via === 'shareTargetPicker' || e.via === 'sendMessages') && Array.isArray(e.messages) ? (e as unknown as TraceShare) : null;
    case 'error':
      return str(e.text, MAX_TRACE_TEXT) && typeof e.rejection === 'boolean' ? (e as unknown as TraceError) : null;
    default:
      return null;
  }
}
