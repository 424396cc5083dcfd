/**
 * `liff.isApiAvailable(apiName)` as `@line/liff` 2.x decides it, from the context's `availability`
 * the host sent (what embedkit serves) and the device's client version: a feature is available when
 * the user is logged in, the app may use it (`permission`), and the client is at least `minVer`.
 */
import { LiffError } from './errors.js';
import type { LiffSession } from '../protocol.js';

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

/** The availability entry each API name reads, where it is not the name itself (`@line/liff`'s mapping). */
const FEATURE: Record<string, string> = {
  createShortcutOnHomeScreen: 'addToHomeV2',
  internalCreateShortcutOnHomeScreen: 'addToHomeLineScheme',
  'calendar.getEvents': 'calendarRead',
  'calendar.showEventCreationModal': 'lineCalendarWrite',
};

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
 * Whether `apiName` is available to the app in this session (undefined: not logged in).
 * @throws {LiffError} `INVALID_ARGUMENT` for a name `@line/liff` does not know
 */
export function isApiAvailable(apiName: string, session: LiffSession | undefined): boolean {
  if (!(LIFF_API_NAMES as readonly string[]).includes(apiName)) throw new LiffError('INVALID_ARGUMENT', 'Unexpected API name.');
  if (!session) return false;
  const entry = session.context.availability[FEATURE[apiName] ?? apiName];
  return !!entry && entry.permission && compareVersions(session.lineVersion, entry.minVer) >= 0;
}
