// Reading a host page's log into a session: the plugin's trace lines of one app (from its init to
// another app's), times moved onto the simulated clock by the offset of the nearest platform call.
import { describe, expect, it } from 'vitest';
import type { PhoneLogLine } from '#contract/wire.js';
import { onSimulatedClock, traceOf } from '../../src/review/session/index.js';
import { init, LIFF_ID, platform, T0 } from './session-records.js';

const line = (entry: unknown): PhoneLogLine => ({ kind: 'call', at: 0, method: 'liffTrace', args: JSON.stringify(entry), ok: true });

describe("a host page's trace of an app", () => {
  it("keeps the app's entries from its init until another app's init, and skips other lines", () => {
    const other = { ...init(50), liffId: '1650000002-other' };
    const lines = [
      line({ kind: 'gesture', at: T0 }),
      line(init(10)),
      { kind: 'call', at: 0, method: 'getProfile', args: '[]', ok: true } as PhoneLogLine,
      line({ kind: 'gesture', at: T0 + 20 }),
      { ...line({}), args: '{"kind":"share","at":1,"via":"sendMessages","messages":[…' },
      line(other),
      line({ kind: 'gesture', at: T0 + 60 }),
    ];
    expect(traceOf(lines, LIFF_ID).map((e) => [e.kind, e.at - T0])).toEqual([
      ['init', 10],
      ['gesture', 20],
    ]);
  });

  it('moves each entry by the offset in force at the nearest platform call', () => {
    const calls = [platform(0, 'verify', { at: T0 + 1000 }), platform(10_000, 'verify', { at: T0 + 10_000 + 3_600_000 })];
    const moved = onSimulatedClock(
      [
        { kind: 'gesture', at: T0 + 100 },
        { kind: 'gesture', at: T0 + 9000 },
      ],
      calls,
      0,
    );
    expect(moved.map((e) => e.at - T0)).toEqual([1100, 9000 + 3_600_000]);
    expect(onSimulatedClock([{ kind: 'gesture', at: T0 }], [], 42)[0]!.at).toBe(T0 + 42);
  });
});
