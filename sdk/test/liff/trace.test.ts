// @vitest-environment happy-dom
/**
 * The plugin's trace for a review of the session: members called before `liff.init` finished are
 * kept and sent once it connected, after the session's entry; guarded members carry their API name
 * and the published verdict; `isApiAvailable` checks, share messages, taps and unhandled
 * rejections become entries; each member still answers as before, with its own `this`.
 */
import { describe, expect, it } from 'vitest';
import type { LiffTraceEntry } from '#contract/bridge/trace.js';
import type { MemberKit } from '../../src/liff/members/kit.js';
import { createState } from '../../src/liff/state.js';
import { Tracer } from '../../src/liff/trace.js';

/** A kit whose host records the trace; `connect()` plays a finished `liff.init` with `scopes`. */
function fakeKit() {
  const sent: LiffTraceEntry[] = [];
  const state = createState('http://localhost:8080');
  const kit = {
    state,
    lineVersion: () => '14.0.0',
    os: () => 'ios',
    environment: () => ({
      availability: { shareTargetPicker: { permission: true, minVer: '10.3.0' }, iap: { permission: true, minVer: '14.11.0' } },
      lineVersion: '14.0.0',
      inClient: true,
      loggedIn: true,
      os: 'ios',
    }),
  } as unknown as MemberKit;
  const connect = (scopes: string[]) => {
    state.liffId = '1650000001-liffapp1';
    state.host = { liffTrace: async (e: LiffTraceEntry) => (sent.push(e), { ok: true, value: undefined }) } as never;
    state.session = { grantedScopes: scopes } as never;
    state.initialized = true;
  };
  return { kit, sent, connect };
}

describe('the trace of the liff object', () => {
  it('keeps what came before init and sends it after the session entry, in order, with the phase of each call', () => {
    const { kit, sent, connect } = fakeKit();
    const tracer = new Tracer(kit);
    const members = tracer.wrap({ getProfile: () => 'profile', iap: { getPlatformProducts: () => 'products' }, init: () => 'init' });
    expect(members.getProfile()).toBe('profile');
    expect(sent).toEqual([]);
    connect(['openid']);
    tracer.connected();
    expect(members.iap.getPlatformProducts()).toBe('products');
    members.init();
    expect(sent.map((e) => [e.kind, 'name' in e ? e.name : '', 'phase' in e ? e.phase : ''])).toEqual([
      ['init', '', ''],
      ['call', 'getProfile', 'before-init'],
      ['call', 'iap.getPlatformProducts', 'ready'],
    ]);
    expect(sent[0]).toMatchObject({ liffId: '1650000001-liffapp1', scopes: ['openid'], lineVersion: '14.0.0' });
    // The client is 14.0.0: in-app purchase needs 14.11.0.
    expect(sent[2]).toMatchObject({ api: 'iap', available: false });
  });

  it('records checks, share messages, taps and unhandled rejections; a member keeps its this', async () => {
    const { kit, sent, connect } = fakeKit();
    connect(['openid', 'profile']);
    const tracer = new Tracer(kit);
    tracer.connected();
    expect(tracer.checking(() => true)('shareTargetPicker')).toBe(true);
    const owner = {
      name: 'owner',
      shareTargetPicker(this: { name: string }, _messages: unknown[]) {
        return this.name;
      },
    };
    const members = tracer.wrap(owner);
    const message = { type: 'flex', altText: 'a', contents: { type: 'bubble' } };
    expect(members.shareTargetPicker.call(members, [message])).toBe('owner');
    window.dispatchEvent(new Event('pointerdown'));
    window.dispatchEvent(new Event('pointerdown'));
    const rejection = new Event('unhandledrejection') as Event & { reason: unknown };
    rejection.reason = 'FORBIDDEN: no profile';
    window.dispatchEvent(rejection);
    expect(sent.map((e) => e.kind)).toEqual(['init', 'check', 'call', 'share', 'gesture', 'error']);
    expect(sent[3]).toEqual({ kind: 'share', at: expect.any(Number), via: 'shareTargetPicker', messages: [message] });
    expect(sent[5]).toMatchObject({ text: 'FORBIDDEN: no profile', rejection: true });
  });
});
