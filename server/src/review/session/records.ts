/**
 * What a review of a session reads, as plain records: the LIFF plugin's trace of the MINI App in
 * the person's host page (its `at` moved onto the simulated clock) and the platform calls made for
 * the MINI App's channel. The rules (`rules/`) are pure functions of it.
 */
import type { LiffTraceEntry } from '#contract/bridge/trace.js';
import type { PlatformCall } from '../../platform-calls/index.js';

/** The session a review reads. */
export interface SessionRecords {
  /** The MINI App reviewed and its name. */
  liffId: string;
  appName: string;
  /** The person whose session it is. */
  userId: string;
  /** The trace of the app in the person's host page, oldest first, `at` on the simulated clock (ms). */
  trace: LiffTraceEntry[];
  /** The platform calls made for the MINI App's channel, oldest first, `at` on the simulated clock (ms). */
  calls: PlatformCall[];
  /** How long before a service message the person's action may be (ms of the simulated clock). */
  actionWindowMs: number;
}

/** The default of {@link SessionRecords.actionWindowMs}: 10 minutes. */
export const DEFAULT_ACTION_WINDOW_MS = 10 * 60_000;
