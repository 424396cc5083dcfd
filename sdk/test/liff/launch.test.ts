/**
 * The published answers that depend on how an app was opened and on the client's version:
 * `@line/liff` 2.31's availability rule in the client and in an external browser, and its reading
 * of the OS and the LINE version from a user agent.
 */
import { describe, expect, it } from 'vitest';
import { apiVerdict, assertApiAvailable, featureVerdict, isApiAvailable, type ApiEnvironment } from '../../src/liff/rules/availability.js';
import { lineVersionOfUserAgent, osOfUserAgent } from '../../src/liff/rules/user-agent.js';

const availability = {
  shareTargetPicker: { permission: true, minVer: '10.3.0' },
  multipleLiffTransition: { permission: true, minVer: '10.18.0' },
  scanCodeV2: { permission: true, minVer: '11.7.0' },
  addToHomeV2: { permission: true, minVer: '13.16.0' },
  addToHomeLineScheme: { permission: false, minVer: '13.16.0' },
  requestFriendship: { permission: true, minVer: '13.3.0' },
  iap: { permission: true, minVer: '14.11.0' },
  bluetoothLeFunction: { permission: true, minVer: '9.14.0', unsupportedFromVer: '13.0.0' },
};
const client = (lineVersion: string): ApiEnvironment => ({ availability, lineVersion, inClient: true, loggedIn: true, os: 'ios' });
/** An external browser after `liff.login()`: no client version, not in the client. */
const external: ApiEnvironment = { availability, lineVersion: null, inClient: false, loggedIn: true, os: 'web' };

describe('a client too old for a method', () => {
  it('refuses with the published FORBIDDEN "unavailable in this client version." below minVer', () => {
    expect(apiVerdict('shareTargetPicker', client('10.2.0'))).toEqual({
      available: false,
      code: 'FORBIDDEN',
      message: 'shareTargetPicker is unavailable in this client version.',
    });
    expect(() => assertApiAvailable('scanCodeV2', client('11.6.9'))).toThrow(
      expect.objectContaining({ name: 'LiffError', code: 'FORBIDDEN', message: 'scanCodeV2 is unavailable in this client version.' }),
    );
    expect(isApiAvailable('requestFriendship', client('13.2.0'))).toBe(false);
  });

  it('serves the same method from minVer on, and refuses past unsupportedFromVer', () => {
    expect(apiVerdict('shareTargetPicker', client('10.3.0'))).toEqual({ available: true });
    expect(() => assertApiAvailable('scanCodeV2', client('11.7.0'))).not.toThrow();
    expect(isApiAvailable('bluetoothLeFunction', client('12.0.0'))).toBe(true);
    expect(apiVerdict('bluetoothLeFunction', client('13.1.0'))).toMatchObject({
      message: 'bluetoothLeFunction is unavailable in this client version.',
    });
  });

  it('names the version refusal before the permission one, as the published rule orders them', () => {
    expect(apiVerdict('iap', client('14.0.0'))).toMatchObject({ message: 'In-App Purchase is unavailable in this client version.' });
    expect(featureVerdict('addToHomeLineScheme', client('13.0.0'))).toMatchObject({
      message: 'addToHomeLineScheme is unavailable in this client version.',
    });
    expect(featureVerdict('addToHomeLineScheme', client('14.0.0'))).toMatchObject({
      message: 'addToHomeLineScheme is not allowed in this LIFF app',
    });
  });
});

describe('an external browser', () => {
  it('refuses what only the LIFF browser has, with the published messages', () => {
    expect(apiVerdict('iap', external)).toMatchObject({ code: 'FORBIDDEN', message: 'In-App Purchase is not allowed in external browser' });
    expect(apiVerdict('multipleLiffTransition', external)).toMatchObject({
      message: 'multipleLiffTransition is available only in the LINE App browser',
    });
    expect(apiVerdict('bluetoothLeFunction', external)).toMatchObject({
      message: 'bluetoothLeFunction is not allowed in external browser',
    });
  });

  it('never reports the client version there: there is none', () => {
    expect(apiVerdict('shareTargetPicker', external)).toEqual({ available: true });
  });

  it('asks for a login first, and only a phone may make a shortcut', () => {
    expect(apiVerdict('shareTargetPicker', { ...external, loggedIn: false })).toEqual({
      available: false,
      code: 'UNAUTHORIZED',
      message: 'Need access_token for api call, Please login first',
    });
    expect(apiVerdict('createShortcutOnHomeScreen', external)).toMatchObject({ message: 'this api can be only called in mobile device' });
    expect(apiVerdict('createShortcutOnHomeScreen', { ...external, os: 'android' })).toEqual({ available: true });
  });

  it('allows nothing without a context', () => {
    const bare: ApiEnvironment = { ...external, availability: undefined };
    expect(apiVerdict('shareTargetPicker', bare)).toMatchObject({ message: 'shareTargetPicker is not allowed in this LIFF app' });
    expect(apiVerdict('skipChannelVerificationScreen', bare)).toMatchObject({ message: 'Context is not found' });
  });
});

describe('the user agent outside the host', () => {
  const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
  const safariIphone =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Version/17.4 Mobile/15E148 Safari/604.1';
  const lineAndroid = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36 Line/14.9.0/IAB';

  it('reads the OS: iOS, Android, else web', () => {
    expect(osOfUserAgent(safariIphone)).toBe('ios');
    expect(osOfUserAgent(lineAndroid)).toBe('android');
    expect(osOfUserAgent(chrome)).toBe('web');
  });

  it("reads the LINE version only from the messenger's browsers: null in an external browser", () => {
    expect(lineVersionOfUserAgent(lineAndroid)).toBe('14.9.0');
    expect(lineVersionOfUserAgent(safariIphone)).toBeNull();
    expect(lineVersionOfUserAgent(chrome)).toBeNull();
  });
});
