/**
 * The call and recording states the phone's client reports to an open app (`liff.activity`;
 * docs/guide/liff.md, "Calendar and call activity"), as a tester sets them in the side panel. Each
 * change gets a new version; an app's `liffActivityWait` answers at once when it has not seen the
 * current version, else at the next change. A state the tester set to "not sent" is absent, so the
 * app's `getCallState()` throws the published `UNSPECIFIED`.
 */
import type { ActivityStates } from '#contract/bridge/protocol.js';
import type { BridgeHandlers } from '../app/bridge/types.js';

/** One state as the panel sets it: not sent yet, inactive or active. */
export type ReportedState = 'not-sent' | 'inactive' | 'active';

/** What the client reports until the tester changes it: both inactive (embedkit's choice: a client reports its state as an app opens). */
export const DEFAULT_REPORTS: Readonly<Record<'call' | 'recording', ReportedState>> = { call: 'inactive', recording: 'inactive' };

export class ActivityReports {
  private states: ActivityStates;
  private waiters: ((states: ActivityStates) => void)[] = [];

  constructor(initial: Record<'call' | 'recording', ReportedState> = DEFAULT_REPORTS) {
    this.states = { version: 0 };
    this.apply(initial);
  }

  /** The states now (a copy). */
  get current(): ActivityStates {
    return structuredClone(this.states);
  }

  /** Sets one state and tells every app waiting. */
  set(kind: 'call' | 'recording', state: ReportedState): void {
    this.apply({ ...this.reported(), [kind]: state });
  }

  /** The states newer than version `seen`: at once when the current one is, else at the next change. */
  wait(seen: number): Promise<ActivityStates> {
    if (this.states.version > seen) return Promise.resolve(this.current);
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** The handler of `liffActivityWait`. */
  handlers(): Pick<BridgeHandlers, 'liffActivityWait'> {
    return { liffActivityWait: (seen) => this.wait(seen) };
  }

  /** What each state is set to now. */
  reported(): Record<'call' | 'recording', ReportedState> {
    const of = (s?: { isActive: boolean }): ReportedState => (!s ? 'not-sent' : s.isActive ? 'active' : 'inactive');
    return { call: of(this.states.call), recording: of(this.states.recording) };
  }

  private apply(reports: Record<'call' | 'recording', ReportedState>): void {
    const next: ActivityStates = { version: this.states.version + 1 };
    if (reports.call !== 'not-sent') next.call = { isActive: reports.call === 'active' };
    if (reports.recording !== 'not-sent') next.recording = { isActive: reports.recording === 'active' };
    this.states = next;
    const waiting = this.waiters;
    this.waiters = [];
    for (const resolve of waiting) resolve(this.current);
  }
}
