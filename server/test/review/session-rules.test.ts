// The session's rules over plain records: for each, a record set that keeps it and one that breaks it.
import { describe, expect, it } from 'vitest';
import { apiAvailability as apiAvailabilityFinding } from '../../src/review/session/rules/api-availability.js';
import { iapVerifyBeforeReserve as iapFinding } from '../../src/review/session/rules/iap-verify.js';
import { initFirst as initFirstFinding } from '../../src/review/session/rules/init-first.js';
import { openidOnly as openidOnlyFinding } from '../../src/review/session/rules/openid-only.js';
import { ALICE, call, init, platform, session, T0 } from './session-records.js';

describe('liff.init before any other call', () => {
  it('passes when only the members the reference allows come before init finished', () => {
    const f = initFirstFinding(session([call(0, 'getOS', { phase: 'before-init' }), init(10), call(20, 'getProfile')]));
    expect(f).toMatchObject({ check: 'session.init-first', status: 'pass' });
  });
  it('fails a call before liff.init, naming it', () => {
    const f = initFirstFinding(session([call(0, 'getProfile', { phase: 'before-init' }), init(10)]));
    expect(f.status).toBe('fail');
    expect(f.seen).toContain('liff.getProfile() before liff.init was called');
    expect(f.fix).toBeTruthy();
  });
});

describe('isApiAvailable before an API the client may lack', () => {
  it('passes when the app checked first', () => {
    const trace = [
      init(0),
      { kind: 'check' as const, at: T0 + 5, api: 'shareTargetPicker', available: false },
      call(9, 'shareTargetPicker', { api: 'shareTargetPicker', available: false }),
    ];
    expect(apiAvailabilityFinding(session(trace)).status).toBe('pass');
  });
  it('fails an unchecked call on a client without the API, and warns of one that happened to work', () => {
    const failed = apiAvailabilityFinding(session([init(0), call(9, 'scanCodeV2', { api: 'scanCodeV2', available: false })]));
    expect(failed.status).toBe('fail');
    expect(failed.seen).toContain('liff.scanCodeV2() (API scanCodeV2)');
    const lucky = apiAvailabilityFinding(session([init(0), call(9, 'scanCodeV2', { api: 'scanCodeV2', available: true })]));
    expect(lucky.status).toBe('warn');
  });
});

describe('the app with openid alone', () => {
  it('passes a launch with openid alone and no error', () => {
    expect(openidOnlyFinding(session([init(0, ['openid']), call(5, 'getIDToken')])).status).toBe('pass');
  });
  it('fails an unhandled rejection after a launch with openid alone', () => {
    const f = openidOnlyFinding(
      session([init(0, ['openid']), { kind: 'error', at: T0 + 9, text: 'FORBIDDEN: profile not granted', rejection: true }]),
    );
    expect(f.status).toBe('fail');
    expect(f.seen).toContain('unhandled rejection: FORBIDDEN: profile not granted');
  });
  it('warns when no launch had openid alone', () => {
    expect(openidOnlyFinding(session([init(0, ['openid', 'profile'])])).status).toBe('warn');
  });
});

describe('the LIFF access token verified before a reservation', () => {
  it('passes a reservation after a verify of the same token', () => {
    const calls = [
      platform(0, 'verify', { tokenHash: 'h1', userId: ALICE }),
      platform(5, 'iap.reserve', { tokenHash: 'h1', userId: ALICE }),
    ];
    expect(iapFinding(session([init(0)], calls)).status).toBe('pass');
  });
  it('fails a reservation whose token was verified only after, or another token was', () => {
    const calls = [
      platform(0, 'verify', { tokenHash: 'other', userId: ALICE }),
      platform(5, 'iap.reserve', { tokenHash: 'h1', userId: ALICE }),
      platform(9, 'verify', { tokenHash: 'h1', userId: ALICE }),
    ];
    const f = iapFinding(session([init(0)], calls));
    expect(f.status).toBe('fail');
    expect(f.seen).toContain('POST /iap/v1/product/reserve');
  });
});
