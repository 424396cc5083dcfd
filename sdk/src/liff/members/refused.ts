/**
 * The members embedkit refuses, as a client lacking them does: the native bridge and features only the messenger app has.
 * Each rejects with `FORBIDDEN` (throws, where the SDK's member is synchronous), or reads
 * undefined where the SDK leaves the member empty outside the messenger app.
 */
import type { LIFF_COVERAGE } from '../coverage.js';
import { forbidden } from '../errors.js';
import type { Liff } from '../liff-types.js';

/** The members {@link LIFF_COVERAGE} marks refused. */
type Refused = { [K in keyof typeof LIFF_COVERAGE]: (typeof LIFF_COVERAGE)[K] extends 'refused' ? K : never }[keyof typeof LIFF_COVERAGE];

const refuse = (api: string) => () => Promise.reject(forbidden(api));
const refuseSync = (api: string) => () => {
  throw forbidden(api);
};

/** Every refused member, in the order of {@link LIFF_COVERAGE}. */
export function refusedMembers(): Pick<Liff, Refused> {
  return {
    internalCreateShortcutOnHomeScreen: refuse('internalCreateShortcutOnHomeScreen'),
    addToHomeScreen: refuse('addToHomeScreen'),
    scanCode: refuse('scanCode'),
    getAdvertisingId: refuse('getAdvertisingId'),
    getAId: () => undefined,
    getProfilePlus: () => undefined,
    initPlugins: refuse('initPlugins'),
    analytics: undefined,
    _dispatchEvent: refuseSync('the native bridge'),
    _call: refuse('the native bridge'),
    _addListener: refuseSync('the native bridge'),
    _removeListener: refuseSync('the native bridge'),
    _postMessage: refuseSync('the native bridge'),
  };
}
