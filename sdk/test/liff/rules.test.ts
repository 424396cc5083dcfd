import { describe, expect, it } from 'vitest';
import { compareVersions, isApiAvailable, type ApiEnvironment } from '../../src/liff/rules/availability.js';
import { fromEmbedError, LiffError } from '../../src/liff/errors.js';
import { EmbedError } from '../../src/errors.js';
import { decodeIdToken } from '../../src/liff/rules/id-token.js';
import { pageOfLiffState, permanentLinkOf } from '../../src/liff/rules/permanent-link.js';
import { MemoryStorage, ensureStorage } from '../../src/liff/storage.js';

/** The app in the client (embedkit's host) on `lineVersion`, logged in, with `availability`. */
function inClient(lineVersion: string, availability: ApiEnvironment['availability']): ApiEnvironment {
  return { availability, lineVersion, inClient: true, loggedIn: true, os: 'ios' };
}

describe('isApiAvailable', () => {
  const availability = { shareTargetPicker: { permission: true, minVer: '10.3.0' }, iap: { permission: false, minVer: '1.0.0' } };

  it('answers true when the app may use the feature and the client is recent enough', () => {
    expect(isApiAvailable('shareTargetPicker', inClient('14.0.0', availability))).toBe(true);
    expect(isApiAvailable('shareTargetPicker', inClient('10.3.0', availability))).toBe(true);
  });

  it('answers false for an older client, a feature not permitted, and before login', () => {
    expect(isApiAvailable('shareTargetPicker', inClient('10.2.9', availability))).toBe(false);
    expect(isApiAvailable('iap', inClient('14.0.0', availability))).toBe(false);
    expect(isApiAvailable('scanCodeV2', inClient('14.0.0', availability))).toBe(false);
    expect(isApiAvailable('shareTargetPicker', { ...inClient('14.0.0', availability), loggedIn: false })).toBe(false);
  });

  it('throws INVALID_ARGUMENT for a name the published SDK does not know', () => {
    expect(() => isApiAvailable('teleport', inClient('14.0.0', availability))).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT', message: 'Unexpected API name.' }),
    );
  });

  it('compares versions number by number', () => {
    expect(compareVersions('10.18.0', '10.3.0')).toBeGreaterThan(0);
    expect(compareVersions('8.11', '8.11.0')).toBe(0);
  });
});

describe('permanent links', () => {
  const base = { hostUrl: 'http://localhost:3000/?user=U1', liffId: '1650000001-abc', endpointUrl: 'https://app.test/liff/' };

  it('open the app in the host with the path below the endpoint URL in liff.state', () => {
    const link = new URL(permanentLinkOf(base, 'https://app.test/liff/shop/item?id=7#top'));
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:3000/');
    expect(link.searchParams.get('app')).toBe('1650000001-abc');
    expect(link.searchParams.get('liff.state')).toBe('/shop/item?id=7#top');
    expect(link.searchParams.get('user')).toBeNull();
  });

  it('append the extra query parameters, and have no liff.state for the endpoint itself', () => {
    expect(new URL(permanentLinkOf(base, 'https://app.test/liff/', 'a=1&b=2')).searchParams.get('liff.state')).toBe('/?a=1&b=2');
    expect(new URL(permanentLinkOf(base, 'https://app.test/liff/')).searchParams.has('liff.state')).toBe(false);
  });

  it('lead back to their page: liff.state below the endpoint URL, on its origin', () => {
    expect(pageOfLiffState('https://app.test/liff/index.html', '/shop?item=7')).toBe('https://app.test/liff/shop?item=7');
    expect(new URL(pageOfLiffState('https://app.test/liff/', '//evil.test/x') ?? '').origin).toBe('https://app.test');
    expect(pageOfLiffState('https://app.test/liff/', 'shop')).toBeNull();
  });

  it('refuse a URL that is not below the endpoint URL', () => {
    expect(() => permanentLinkOf(base, 'https://other.test/liff/')).toThrow(LiffError);
    expect(() => permanentLinkOf(base, 'https://app.test/elsewhere')).toThrow(/must start with the endpoint URL/);
    expect(() => permanentLinkOf(base, 'not a url')).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
  });
});

describe('the ID token, errors and storage', () => {
  it('decodes a JWT payload (base64url, UTF-8) and gives null for anything else', () => {
    const payload = Buffer.from(JSON.stringify({ sub: 'U1', name: 'Ålice' })).toString('base64url');
    expect(decodeIdToken(`h.${payload}.s`)).toEqual({ sub: 'U1', name: 'Ålice' });
    expect(decodeIdToken(undefined)).toBeNull();
    expect(decodeIdToken('nodots')).toBeNull();
    expect(decodeIdToken('h.!!!.s')).toBeNull();
  });

  it("turns the bridge's errors into the published SDK's codes, naming the liff method", () => {
    const internal = fromEmbedError(new EmbedError('INTERNAL_ERROR', 'embed.getProfile: the host failed to answer'), 'getProfile');
    expect(internal).toMatchObject({ name: 'LiffError', code: 'UNKNOWN', message: 'liff.getProfile: the host failed to answer' });
    expect(fromEmbedError(new EmbedError('401', 'The access token expired'), 'getProfile')).toMatchObject({
      code: '401',
      message: 'The access token expired',
    });
  });

  it('gives a window whose storage throws a memory storage, and leaves a working one alone', () => {
    const blocked = {} as Window;
    Object.defineProperty(blocked, 'sessionStorage', {
      configurable: true,
      get() {
        throw new Error('SecurityError');
      },
    });
    const local = new MemoryStorage();
    Object.defineProperty(blocked, 'localStorage', { configurable: true, value: local });
    ensureStorage(blocked);
    blocked.sessionStorage.setItem('k', 'v');
    expect(blocked.sessionStorage.getItem('k')).toBe('v');
    expect(blocked.localStorage).toBe(local);
  });
});
