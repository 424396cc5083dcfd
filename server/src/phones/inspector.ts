/**
 * The remote inspector (docs/guide/phones.md, "Inspecting a phone from the desktop"): every host page
 * reports itself and its bridge log to the server (`reportPhone`), the desktop's host lists the
 * pages (`phones`) and reads a chosen page's log (`phoneLog`), told by the live feed's `phone`
 * event when there is more. Held in memory only, bounded: a phone is not world state (a scenario
 * does not hold it) and goes with the server.
 */
import type { PhoneLogLine, PhoneView } from '#contract/wire.js';

/** Log lines kept per phone: the oldest go first. */
export const MAX_PHONE_LINES = 500;
/** Phones kept: a report of a new phone beyond this drops the one seen longest ago. */
export const MAX_PHONES = 20;
/** A phone not heard from for this long (ms, wall time) is no longer listed; a page reports every few seconds. */
export const PHONE_GONE_MS = 60_000;

interface Phone {
  view: PhoneView;
  lines: PhoneLogLine[];
  nextSeq: number;
}

/**
 * The phones connected to this server process, newest report last in iteration order.
 * `now` is wall time in ms: a phone's liveness is how long ago it spoke, which moving the
 * simulated clock forward must not change.
 */
export class PhoneInspector {
  private readonly phones = new Map<string, Phone>();

  constructor(private readonly now: () => number) {}

  /**
   * Records a report: the phone's state replaces the last one, its lines are numbered and
   * appended (only the newest {@link MAX_PHONE_LINES} kept).
   */
  report(phoneId: string, state: Omit<PhoneView, 'phoneId' | 'lastSeen' | 'lines'>, lines: readonly PhoneLogLine[]): PhoneView {
    const known = this.phones.get(phoneId);
    const phone: Phone = known ?? { view: { phoneId, ...state, lastSeen: 0, lines: 0 }, lines: [], nextSeq: 1 };
    this.phones.delete(phoneId);
    this.phones.set(phoneId, phone);
    for (const line of lines) phone.lines.push({ ...line, seq: phone.nextSeq++ });
    if (phone.lines.length > MAX_PHONE_LINES) phone.lines.splice(0, phone.lines.length - MAX_PHONE_LINES);
    phone.view = { phoneId, ...state, lastSeen: this.now(), lines: phone.lines.length };
    this.forgetOld();
    return phone.view;
  }

  /** The phones heard from within {@link PHONE_GONE_MS}, most recently seen first. */
  list(): PhoneView[] {
    this.forgetOld();
    return [...this.phones.values()].map((p) => p.view).reverse();
  }

  /** A phone's state and its lines with a `seq` above `after`; null for a phone not (or no longer) connected. */
  log(phoneId: string, after: number): { phone: PhoneView; lines: PhoneLogLine[] } | null {
    this.forgetOld();
    const phone = this.phones.get(phoneId);
    if (!phone) return null;
    return { phone: phone.view, lines: phone.lines.filter((l) => (l.seq ?? 0) > after) };
  }

  /** Forgets every phone and its lines (the world was reset: the pages reload and report again). */
  clear(): void {
    this.phones.clear();
  }

  private forgetOld(): void {
    const now = this.now();
    for (const [id, phone] of this.phones) {
      if (now - phone.view.lastSeen > PHONE_GONE_MS || this.phones.size > MAX_PHONES) this.phones.delete(id);
      else break;
    }
  }
}
