/** The page's rules of `liff.subWindow` (`sdk/src/liff/rules/sub-window.ts`) and its availability, as `@line/liff` 2.31 applies them. */
import { describe, expect, it } from 'vitest';
import { apiVerdict, type ApiEnvironment } from '../../src/liff/rules/availability.js';
import { SubWindowListeners, subWindowLiffId, subWindowMessage, subWindowRequest } from '../../src/liff/rules/sub-window.js';
import { routedPlatformUrl } from '../../src/liff/platform-fetch.js';

const env: ApiEnvironment = {
  availability: { subwindowOpen: { permission: true, minVer: '11.7.0' }, shareTargetPicker: { permission: true, minVer: '10.3.0' } },
  lineVersion: '14.11.0',
  inClient: true,
  loggedIn: true,
  os: 'ios',
};

describe('the URL a sub window may open', () => {
  it('is a LIFF URL or a LINE MINI App URL, whose LIFF ID it names', () => {
    expect(subWindowLiffId('https://liff.line.me/1650000001-AbCd1234')).toBe('1650000001-AbCd1234');
    expect(subWindowLiffId('https://liff.line.me/1650000001-AbCd1234/path?q=1')).toBe('1650000001-AbCd1234');
    expect(subWindowLiffId('https://miniapp.line.me/1650000001-AbCd1234')).toBe('1650000001-AbCd1234');
  });

  it('is nothing else: another host, http, a path without an ID', () => {
    for (const url of ['https://example.com/1650000001-AbCd1234', 'http://liff.line.me/1650000001-AbCd1234', 'https://liff.line.me/', 42])
      expect(subWindowLiffId(url)).toBeNull();
  });
});

describe("open's request to the host", () => {
  it('carries the LIFF ID, appData as JSON and the published native options', () => {
    const date = new Date(0);
    expect(
      subWindowRequest({
        url: 'https://liff.line.me/1650000001-AbCd1234',
        appData: { when: date, n: 1 },
        native: { height: 'tall', closeButtonLabel: '閉じる', closeButtonColor: 'white' },
      }),
    ).toEqual({
      liffId: '1650000001-AbCd1234',
      appData: { when: '1970-01-01T00:00:00.000Z', n: 1 },
      height: 'tall',
      closeButtonLabel: '閉じる',
    });
  });

  it('has {} for absent appData and leaves an unknown height to the host', () => {
    expect(subWindowRequest({ url: 'https://liff.line.me/1-a', native: { height: 'huge' } })).toEqual({ liffId: '1-a', appData: {} });
  });

  it('refuses a URL that is not a LIFF URL with the published text, and appData JSON cannot carry', () => {
    expect(() => subWindowRequest({ url: 'https://example.com/' })).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT', message: 'params.url must be liff url or mini url' }),
    );
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    expect(() => subWindowRequest({ url: 'https://liff.line.me/1-a', appData: loop })).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
    expect(() => subWindowRequest({ url: 'https://liff.line.me/1-a', appData: [1] })).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
  });

  it("takes a sub window's message as a JSON object, {} when absent", () => {
    expect(subWindowMessage(undefined)).toEqual({});
    expect(subWindowMessage({ a: [1] })).toEqual({ a: [1] });
    expect(() => subWindowMessage('text')).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
  });
});

describe("the main window's listeners", () => {
  it('hear the events they are on for, in order, until taken off', () => {
    const listeners = new SubWindowListeners();
    const heard: string[] = [];
    const first = (p: unknown) => heard.push(`first ${JSON.stringify(p)}`);
    const second = (p: unknown) => heard.push(`second ${JSON.stringify(p)}`);
    listeners.on('submit', first);
    listeners.on('submit', second);
    listeners.on('close', first);
    listeners.emit('submit', { a: 1 });
    listeners.off('submit', first);
    listeners.emit('submit', { a: 2 });
    listeners.emit('cancel', {});
    expect(heard).toEqual(['first {"a":1}', 'second {"a":1}', 'second {"a":2}']);
  });
});

describe('subwindowOpen and shareTargetPicker in a sub window', () => {
  it('are for a main window only, with the published text', () => {
    expect(apiVerdict('subwindowOpen', env)).toEqual({ available: true });
    for (const api of ['subwindowOpen', 'shareTargetPicker'])
      expect(apiVerdict(api, { ...env, subWindow: true })).toEqual({
        available: false,
        code: 'FORBIDDEN',
        message: 'this api can be only called in parent window',
      });
  });

  it('asks for a login before anything else for subwindowOpen', () => {
    expect(apiVerdict('subwindowOpen', { ...env, subWindow: true, loggedIn: false })).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe("the page's own platform calls under embedkit", () => {
  it('go to the server: verify, the profile and the friendship status, with their query', () => {
    expect(routedPlatformUrl('https://api.line.me/oauth2/v2.1/verify?access_token=a%2Bb', 'http://127.0.0.1:8080')).toBe(
      'http://127.0.0.1:8080/oauth2/v2.1/verify?access_token=a%2Bb',
    );
    expect(routedPlatformUrl('https://api.line.me/v2/profile', 'http://h')).toBe('http://h/v2/profile');
    expect(routedPlatformUrl('https://api.line.me/friendship/v1/status', 'http://h')).toBe('http://h/friendship/v1/status');
  });

  it('leave everything else alone', () => {
    for (const url of [
      'https://api.line.me/v2/bot/message/push',
      'https://example.com/v2/profile',
      'http://api.line.me/v2/profile',
      '/v2/profile',
    ])
      expect(routedPlatformUrl(url, 'http://h')).toBeNull();
  });
});
