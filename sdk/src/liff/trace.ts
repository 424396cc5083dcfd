/**
 * The plugin's trace of how the app uses the `liff` object, for a review of the session
 * (`contract/src/bridge/trace.ts`, docs/guide/review.md): every member called (and where
 * `liff.init` was then), `liff.isApiAvailable` checks, the person's taps and keys, share messages,
 * the page's uncaught errors and unhandled rejections. Kept from the moment the plugin is installed,
 * sent over the bridge once `liff.init` connected to the host (bridge method `liffTrace`), one entry
 * a call; outside the host nothing leaves the page.
 */
import { MAX_TRACE_JSON, MAX_TRACE_QUEUE, MAX_TRACE_TEXT, type LiffTraceEntry, type TracePhase } from '#contract/bridge/trace.js';
import { isApiAvailable, type LiffApiName } from './rules/availability.js';
import type { MemberKit } from './members/kit.js';

/** The API name `liff.isApiAvailable` takes for each member the published availability rule guards. */
const API_OF: Readonly<Record<string, LiffApiName>> = {
  shareTargetPicker: 'shareTargetPicker',
  scanCode: 'scanCode',
  scanCodeV2: 'scanCodeV2',
  requestFriendship: 'requestFriendship',
  createShortcutOnHomeScreen: 'createShortcutOnHomeScreen',
  getAdvertisingId: 'getAdvertisingId',
  addToHomeScreen: 'addToHomeScreen',
  'subWindow.open': 'subwindowOpen',
  'iap.getPlatformProducts': 'iap',
  'iap.requestConsentAgreement': 'iap',
  'iap.createPayment': 'iap',
  'calendar.getEvents': 'calendar.getEvents',
  'calendar.showEventCreationModal': 'calendar.showEventCreationModal',
  'activity.getCallState': 'activityGetCallState',
  'activity.getRecordingState': 'activityGetRecordingState',
};

/** The members whose every call carries the messages it shares. */
const SHARES = new Set(['shareTargetPicker', 'sendMessages']);
/** Members that are not the app's use of the platform (the plugin's own, the SDK's plumbing). */
const UNTRACED = new Set(['init', 'isApiAvailable', 'use', '$embedkit']);
/** At most one gesture entry per this many ms. */
const GESTURE_MS = 1000;

const text = (value: unknown): string =>
  (value instanceof Error ? value.stack || String(value) : typeof value === 'string' ? value : String(value)).slice(0, MAX_TRACE_TEXT);

/** The trace of one plugin: {@link Tracer.wrap} puts it around the members, {@link Tracer.connected} sends what was kept. */
export class Tracer {
  private readonly queue: LiffTraceEntry[] = [];
  private lastGesture = 0;

  constructor(private readonly kit: MemberKit) {
    const gesture = () => {
      const now = Date.now();
      if (now - this.lastGesture < GESTURE_MS) return;
      this.lastGesture = now;
      this.add({ kind: 'gesture', at: now });
    };
    addEventListener('pointerdown', gesture, { capture: true, passive: true });
    addEventListener('keydown', gesture, { capture: true, passive: true });
    addEventListener('error', (e) => this.add({ kind: 'error', at: Date.now(), text: text(e.error ?? e.message), rejection: false }));
    addEventListener('unhandledrejection', (e) => this.add({ kind: 'error', at: Date.now(), text: text(e.reason), rejection: true }));
  }

  /** `liff.init` connected to the host: the session's entry, then what was kept, in order. */
  connected(): void {
    const { session } = this.kit.state;
    if (!session) return;
    this.add({
      kind: 'init',
      at: Date.now(),
      liffId: this.kit.state.liffId ?? '',
      scopes: [...session.grantedScopes],
      lineVersion: this.kit.lineVersion(),
      os: this.kit.os(),
    });
    for (const entry of this.queue.splice(0)) this.send(entry);
  }

  /**
   * `members` with every function (and every function of a member object: `iap`, `calendar`...)
   * recording its call first; getters and other values are left as they are.
   */
  wrap<T extends object>(members: T, prefix = ''): T {
    const out = {} as Record<string, unknown>;
    for (const [key, d] of Object.entries(Object.getOwnPropertyDescriptors(members))) {
      const name = prefix + key;
      if (d.get || d.set || UNTRACED.has(name)) Object.defineProperty(out, key, d);
      else if (typeof d.value === 'function') out[key] = this.traced(name, d.value as (...a: unknown[]) => unknown);
      else if (!prefix && d.value && typeof d.value === 'object') out[key] = this.wrap(d.value as object, `${name}.`);
      else out[key] = d.value;
    }
    return out as T;
  }

  /** `isApiAvailable` that records the check and its answer. */
  checking(isApiAvailable: (api: string) => boolean): (api: string) => boolean {
    return (api) => {
      const available = isApiAvailable(api);
      this.add({ kind: 'check', at: Date.now(), api: String(api).slice(0, 200), available });
      return available;
    };
  }

  private traced(name: string, fn: (...args: unknown[]) => unknown): (...args: unknown[]) => unknown {
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const tracer = this;
    return function (this: unknown, ...args: unknown[]) {
      const at = Date.now();
      const api = API_OF[name];
      const { initialized, pending } = tracer.kit.state;
      const phase: TracePhase = initialized ? 'ready' : pending ? 'during-init' : 'before-init';
      tracer.add({ kind: 'call', at, name, phase, ...(api ? { api, available: tracer.available(api) } : {}) });
      if (SHARES.has(name)) tracer.share(name as 'shareTargetPicker' | 'sendMessages', args[0], at);
      // The member's own `this` (the `liff` object or its member object), as the app called it.
      return fn.apply(this, args);
    };
  }

  private available(api: LiffApiName): boolean {
    try {
      return isApiAvailable(api, this.kit.environment());
    } catch {
      return false;
    }
  }

  private share(via: 'shareTargetPicker' | 'sendMessages', messages: unknown, at: number): void {
    const list = Array.isArray(messages) ? messages : [];
    let plain: unknown[];
    try {
      plain = JSON.parse(JSON.stringify(list)) as unknown[];
    } catch {
      plain = [];
    }
    const entry: LiffTraceEntry = { kind: 'share', at, via, messages: plain };
    // A message too long to carry is named as such, so the review says it could not read it.
    this.add(JSON.stringify(entry).length > MAX_TRACE_JSON ? { kind: 'share', at, via, messages: [], tooLong: true } : entry);
  }

  private add(entry: LiffTraceEntry): void {
    if (this.kit.state.host && this.kit.state.session) this.send(entry);
    else if (this.queue.length < MAX_TRACE_QUEUE) this.queue.push(entry);
  }

  private send(entry: LiffTraceEntry): void {
    this.kit.state.host?.liffTrace(entry).catch(() => undefined);
  }
}
