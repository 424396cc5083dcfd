/**
 * `liff.isApiAvailable(apiName)` and the check the published methods make before they run, as
 * `@line/liff` 2.31 decides both (its `@liff/is-api-available` validators): from the context's
 * `availability` (what embedkit serves, with the platform's minimum client versions), the client's
 * version (`getLineVersion()`), whether the app runs in the client (`isInClient()`), whether the user
 * is logged in and the OS. A pure module: the plugin gives it the environment of each call.
 */
import { LiffError } from '../errors.js';

/** The API names `@line/liff` 2.31 accepts; any other name throws `INVALID_ARGUMENT` ("Unexpected API name."). */
export const LIFF_API_NAMES = [
  'subwindowOpen',
  'shareTargetPicker',
  'multipleLiffTransition',
  'scanCode',
  'scanCodeV2',
  'getAdvertisingId',
  'addToHomeScreen',
  'bluetoothLeFunction',
  'skipChannelVerificationScreen',
  'createShortcutOnHomeScreen',
  'internalCreateShortcutOnHomeScreen',
  'iap',
  'requestFriendship',
  'activityGetCallState',
  'activityGetRecordingState',
  'calendar.getEvents',
  'calendar.showEventCreationModal',
] as const;

/** One API name `@line/liff` knows. */
export type LiffApiName = (typeof LIFF_API_NAMES)[number];

/** One feature of `context.availability`: permitted to the app, from which client version (and until which one). */
export interface FeatureAvailability {
  permission: boolean;
  minVer: string;
  unsupportedFromVer?: string;
}

/** What the published rule reads of the place a method is called in. */
export interface ApiEnvironment {
  /** `getContext().availability`; undefined without a context (outside the client before login, or no entry at all). */
  availability: Readonly<Record<string, FeatureAvailability>> | undefined;
  /** `getLineVersion()`: the client's version in the LIFF browser; null in an external browser. */
  lineVersion: string | null;
  /** `isInClient()`: true in the LIFF browser (embedkit's host), false in an external browser. */
  inClient: boolean;
  /** `isLoggedIn()`. */
  loggedIn: boolean;
  /** `getOS()`. */
  os: 'ios' | 'android' | 'web';
  /** `isSubWindow()`: the page was opened by another app's `liff.subWindow.open`. Absent: false. */
  subWindow?: boolean;
}

/** The answer of the published rule: available, or the `LiffError` code and message the method rejects with. */
export type ApiVerdict = { available: true } | { available: false; code: 'FORBIDDEN' | 'UNAUTHORIZED'; message: string };

const AVAILABLE: ApiVerdict = { available: true };
const forbid = (message: string): ApiVerdict => ({ available: false, code: 'FORBIDDEN', message });
const NEED_LOGIN: ApiVerdict = { available: false, code: 'UNAUTHORIZED', message: 'Need access_token for api call, Please login first' };

/**
 * Compares dotted versions number by number (`10.3.0` < `10.18.0`); missing parts count as 0.
 * @returns negative, 0 or positive
 */
export function compareVersions(a: string, b: string): number {
  const x = a.split('.').map((n) => parseInt(n, 10) || 0);
  const y = b.split('.').map((n) => parseInt(n, 10) || 0);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d) return d;
  }
  return 0;
}

/**
 * The published rule of one availability entry, in its order: no entry → "not allowed in this LIFF
 * app"; in the client on a version below `minVer` (or above `unsupportedFromVer`) → "unavailable in
 * this client version."; not permitted → "not allowed in this LIFF app"; in the client, or outside
 * it for a feature the platform also serves there (`outsideToo`) → available; else "not allowed
 * in external browser". The client's version counts only when there is one (never outside the client).
 * @param label the API's name in the message, where it is not the entry's
 */
export function featureVerdict(entryName: string, env: ApiEnvironment, outsideToo = false, label = entryName): ApiVerdict {
  const entry = env.availability?.[entryName];
  if (!entry) return forbid(`${label} is not allowed in this LIFF app`);
  const { minVer, unsupportedFromVer } = entry;
  const v = env.lineVersion;
  const versionOk =
    !minVer || (!!v && !(unsupportedFromVer && compareVersions(v, unsupportedFromVer) > 0) && compareVersions(v, minVer) >= 0);
  if (env.inClient && !versionOk) return forbid(`${label} is unavailable in this client version.`);
  if (!entry.permission) return forbid(`${label} is not allowed in this LIFF app`);
  if ((env.inClient && versionOk) || outsideToo) return AVAILABLE;
  return forbid(`${label} is not allowed in external browser`);
}

const loggedIn = (env: ApiEnvironment, then: () => ApiVerdict): ApiVerdict => (env.loggedIn ? then() : NEED_LOGIN);
const parentOnly = (env: ApiEnvironment, then: () => ApiVerdict): ApiVerdict =>
  env.subWindow ? forbid('this api can be only called in parent window') : then();
const mobileOnly = (env: ApiEnvironment, then: () => ApiVerdict): ApiVerdict =>
  env.os === 'ios' || env.os === 'android' ? then() : forbid('this api can be only called in mobile device');

/**
 * The validator of each API name, as `@line/liff` 2.31 has it, but where embedkit serves a method
 * without the platform's sub window: `scanCodeV2` and `requestFriendship` read their own entry
 * (the published SDK first asks `subwindowOpen`, whose native screens the host draws itself).
 * `subwindowOpen` and `shareTargetPicker` are for a main window only, as published.
 */
const VALIDATORS: Record<LiffApiName, (env: ApiEnvironment) => ApiVerdict> = {
  subwindowOpen: (env) => loggedIn(env, () => parentOnly(env, () => featureVerdict('subwindowOpen', env, true))),
  shareTargetPicker: (env) => parentOnly(env, () => loggedIn(env, () => featureVerdict('shareTargetPicker', env, true))),
  multipleLiffTransition: (env) => {
    const entry = env.availability?.multipleLiffTransition;
    if (!entry?.permission) return forbid('multipleLiffTransition is not allowed in this LIFF app');
    return env.inClient ? AVAILABLE : forbid('multipleLiffTransition is available only in the LINE App browser');
  },
  scanCode: (env) => featureVerdict('scanCode', env),
  scanCodeV2: (env) => loggedIn(env, () => featureVerdict('scanCodeV2', env, true)),
  getAdvertisingId: (env) => featureVerdict('getAdvertisingId', env),
  addToHomeScreen: (env) => featureVerdict('addToHomeScreen', env),
  bluetoothLeFunction: (env) => featureVerdict('bluetoothLeFunction', env),
  skipChannelVerificationScreen: (env) =>
    env.availability ? featureVerdict('skipChannelVerificationScreen', env) : forbid('Context is not found'),
  createShortcutOnHomeScreen: (env) =>
    loggedIn(env, () => mobileOnly(env, () => featureVerdict('addToHomeV2', env, true, 'createShortcutOnHomeScreen'))),
  internalCreateShortcutOnHomeScreen: (env) =>
    loggedIn(env, () =>
      mobileOnly(env, () => {
        const v2 = featureVerdict('addToHomeV2', env, true, 'internalCreateShortcutOnHomeScreen');
        return v2.available ? featureVerdict('addToHomeLineScheme', env, true, 'internalCreateShortcutOnHomeScreen') : v2;
      }),
    ),
  iap: (env) =>
    env.inClient
      ? loggedIn(env, () => featureVerdict('iap', env, false, 'In-App Purchase'))
      : forbid('In-App Purchase is not allowed in external browser'),
  requestFriendship: (env) => loggedIn(env, () => featureVerdict('requestFriendship', env, true)),
  activityGetCallState: (env) => featureVerdict('activityGetCallState', env, false, 'liff.activity.getCallState'),
  activityGetRecordingState: (env) => featureVerdict('activityGetRecordingState', env, false, 'liff.activity.getRecordingState'),
  'calendar.getEvents': (env) => featureVerdict('calendarRead', env, false, 'liff.calendar.getEvents'),
  'calendar.showEventCreationModal': (env) => featureVerdict('lineCalendarWrite', env, false, 'liff.calendar.showEventCreationModal'),
};

/**
 * The published verdict on `apiName` in `env`.
 * @throws {LiffError} `INVALID_ARGUMENT` ("Unexpected API name.") for a name `@line/liff` does not know
 */
export function apiVerdict(apiName: string, env: ApiEnvironment): ApiVerdict {
  if (!(LIFF_API_NAMES as readonly string[]).includes(apiName)) throw new LiffError('INVALID_ARGUMENT', 'Unexpected API name.');
  return VALIDATORS[apiName as LiffApiName](env);
}

/**
 * `liff.isApiAvailable(apiName)`: whether the published verdict is "available".
 * @throws {LiffError} `INVALID_ARGUMENT` for a name `@line/liff` does not know
 */
export function isApiAvailable(apiName: string, env: ApiEnvironment): boolean {
  return apiVerdict(apiName, env).available;
}

/**
 * What a published method does before it runs: nothing when available, else it throws its
 * verdict's error (`FORBIDDEN` "shareTargetPicker is unavailable in this client version.", …).
 * @throws {LiffError} the verdict's code and message
 */
export function assertApiAvailable(apiName: LiffApiName, env: ApiEnvironment): void {
  const verdict = apiVerdict(apiName, env);
  if (!verdict.available) throw new LiffError(verdict.code, verdict.message);
}
