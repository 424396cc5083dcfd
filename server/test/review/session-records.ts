// Record sets of a session for the rules' tests: a trace and platform calls built step by step.
import type { LiffTraceEntry } from '#contract/bridge/trace.js';
import type { PlatformCall } from '../../src/platform-calls/index.js';
import type { SessionRecords } from '../../src/review/session/index.js';

export const LIFF_ID = '1650000001-liffapp1';
export const ALICE = 'U0000000000000000000000000000a11c';
export const T0 = Date.UTC(2026, 0, 1, 9);

/** A session of Alice's with `trace` and `calls` (times in ms after {@link T0} where given as small numbers). */
export function session(trace: LiffTraceEntry[], calls: PlatformCall[] = [], actionWindowMs = 10 * 60_000): SessionRecords {
  return { liffId: LIFF_ID, appName: 'Demo', userId: ALICE, trace, calls, actionWindowMs };
}

export const init = (at: number, scopes = ['openid', 'profile']): LiffTraceEntry => ({
  kind: 'init',
  at: T0 + at,
  liffId: LIFF_ID,
  scopes,
  lineVersion: '15.0.0',
  os: 'ios',
});

export const call = (at: number, name: string, extra: Partial<Extract<LiffTraceEntry, { kind: 'call' }>> = {}): LiffTraceEntry => ({
  kind: 'call',
  at: T0 + at,
  name,
  phase: 'ready',
  ...extra,
});

/** A platform call at `at` ms after {@link T0} (simulated clock = wall time). */
export function platform(at: number, operation: PlatformCall['operation'], extra: Partial<PlatformCall> = {}): PlatformCall {
  const paths: Record<PlatformCall['operation'], [string, string]> = {
    verify: ['GET', '/oauth2/v2.1/verify'],
    'iap.reserve': ['POST', '/iap/v1/product/reserve'],
    'notifier.token': ['POST', '/message/v3/notifier/token'],
    'notifier.send': ['POST', '/message/v3/notifier/send'],
    share: ['POST', '/message/v3/share'],
  };
  const [method, path] = paths[operation];
  return { operation, at: T0 + at, wallAt: T0 + at, method, path, status: 200, channelId: '1650000001', userId: null, ...extra };
}
