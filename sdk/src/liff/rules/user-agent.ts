/**
 * `liff.getOS()` and `liff.getLineVersion()` outside embedkit's host, read from the browser's user
 * agent as `@line/liff` 2.31 reads them (`@liff/get-os`, `@liff/get-line-version`). In the host the
 * device setting plays the user agent instead (the session's `os` and `lineVersion`). Pure functions.
 */

/** `getOS()` of a user agent: `ios` for an iPhone, iPad or iPod, `android` for Android, else `web`. */
export function osOfUserAgent(userAgent: string): 'ios' | 'android' | 'web' {
  const ua = userAgent.toLowerCase();
  return /iphone|ipad|ipod/.test(ua) ? 'ios' : /android/.test(ua) ? 'android' : 'web';
}

/**
 * `getLineVersion()` of a user agent: the version after `Line/` (the messenger's browsers carry it),
 * or null in any other browser (an external browser: Safari, Chrome, a desktop browser).
 */
export function lineVersionOfUserAgent(userAgent: string): string | null {
  const found = /Line\/\d+(\.\d+)*/i.exec(userAgent);
  return found ? found[0].slice(5) : null;
}
