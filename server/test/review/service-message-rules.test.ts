// The service message rules over plain records: after the person's action (within the window), the
// templates, five sends per token; each with a set that keeps it and one that breaks it.
import { describe, expect, it } from 'vitest';
import { serviceMessages } from '../../src/review/session/rules/service-messages.js';
import type { PlatformCall } from '../../src/platform-calls/index.js';
import { ALICE, init, platform, session, T0 } from './session-records.js';

const gesture = (at: number) => ({ kind: 'gesture' as const, at: T0 + at });
const issue = (at: number) => platform(at, 'notifier.token', { tokenHash: 'liff', userId: ALICE, answeredTokenHash: 'n0' });
/** A chain of `n` sends from token n0, each answering the next, starting at `at`. */
const sends = (at: number, n: number, extra: Partial<PlatformCall> = {}) =>
  Array.from({ length: n }, (_, i) =>
    platform(at + i, 'notifier.send', { sentTokenHash: `n${i}`, answeredTokenHash: `n${i + 1}`, templateName: 'thanks_en', ...extra }),
  );
const byCheck = (calls: PlatformCall[], trace = [init(0), gesture(100)], windowMs?: number) =>
  Object.fromEntries(serviceMessages(session(trace, calls, windowMs)).map((f) => [f.check, f]));

describe('service messages', () => {
  it('pass: sent a minute after the person tapped, a template of the channel, five on one token', () => {
    const f = byCheck([issue(200), ...sends(60_000, 5)]);
    expect(f['service-message.after-action']!.status).toBe('pass');
    expect(f['service-message.template']!.status).toBe('pass');
    expect(f['service-message.five-per-token']!.status).toBe('pass');
  });

  it('fails a message with no action of the person within the window (configurable)', () => {
    const late = byCheck([issue(200), ...sends(11 * 60_000, 1)]);
    expect(late['service-message.after-action']).toMatchObject({ status: 'fail' });
    expect(late['service-message.after-action']!.seen).toContain('10 min');
    const wide = byCheck([issue(200), ...sends(11 * 60_000, 1)], undefined, 20 * 60_000);
    expect(wide['service-message.after-action']!.status).toBe('pass');
    const noTap = byCheck([issue(200), ...sends(300, 1)], [init(0)]);
    expect(noTap['service-message.after-action']!.status).toBe('fail');
  });

  it('fails a template refused', () => {
    const refused = sends(60_000, 1, {
      status: 403,
      error: 'The template nope cannot be found in channel 1650000001',
      answeredTokenHash: undefined,
    });
    const f = byCheck([issue(200), ...refused]);
    expect(f['service-message.template']!.status).toBe('fail');
    expect(f['service-message.template']!.seen).toContain('cannot be found');
  });

  it('fails a sixth send attempted on one token', () => {
    const sixth = platform(70_000, 'notifier.send', { sentTokenHash: 'n5', status: 401, error: 'Invalid notifier token — used up' });
    const f = byCheck([issue(200), ...sends(60_000, 5), sixth]);
    expect(f['service-message.five-per-token']!.status).toBe('fail');
    expect(f['service-message.five-per-token']!.seen).toContain('6 sends attempted on one token');
  });

  it('warns, saying so, when no service message was sent', () => {
    expect(Object.values(byCheck([])).map((f) => f.status)).toEqual(['warn', 'warn', 'warn']);
  });

  it("ignores another person's sends", () => {
    const bob = platform(200, 'notifier.token', { tokenHash: 'bob', userId: 'Ubob', answeredTokenHash: 'b0' });
    const f = byCheck([bob, platform(300, 'notifier.send', { sentTokenHash: 'b0' })], [init(0)]);
    expect(f['service-message.after-action']!.status).toBe('warn');
  });
});
