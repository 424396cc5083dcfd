/**
 * What embedkit does with each member of `@line/liff`'s `Liff`, in one table the compiler checks
 * against the SDK's own type: the plugin replaces what it lists as served or refused, the docs and
 * tests read it to say what an app may count on.
 */
import type { Liff } from './liff-types.js';

/** What embedkit does with a member of `Liff`: answers it, refuses it (as a client lacking it), or keeps the SDK's own. */
export type Coverage = 'served' | 'refused' | 'kept';

/**
 * Every member of `@line/liff`'s `Liff`, and what embedkit does with it. The `satisfies` makes the
 * compiler fail when `Liff` gains a member that is neither served nor refused here (or loses one).
 */
export const LIFF_COVERAGE = {
  init: 'served',
  ready: 'served',
  id: 'served',
  use: 'kept',
  getVersion: 'kept',
  getOS: 'served',
  getLanguage: 'served',
  getAppLanguage: 'served',
  getLineVersion: 'served',
  getOrigins: 'served',
  isInClient: 'served',
  isLoggedIn: 'served',
  login: 'served',
  logout: 'served',
  getAccessToken: 'served',
  getIDToken: 'served',
  getDecodedIDToken: 'served',
  getContext: 'served',
  getProfile: 'served',
  getFriendship: 'served',
  sendMessages: 'served',
  openWindow: 'served',
  closeWindow: 'served',
  isApiAvailable: 'served',
  permanentLink: 'served',
  permission: 'served',
  i18n: 'served',
  isSubWindow: 'served',
  getIsVideoAutoPlay: 'served',
  scanCodeV2: 'served',
  requestFriendship: 'served',
  shareTargetPicker: 'served',
  subWindow: 'served',
  iap: 'served',
  calendar: 'served',
  activity: 'served',
  createShortcutOnHomeScreen: 'served',
  internalCreateShortcutOnHomeScreen: 'refused',
  addToHomeScreen: 'refused',
  scanCode: 'refused',
  getAdvertisingId: 'refused',
  getAId: 'refused',
  getProfilePlus: 'refused',
  initPlugins: 'refused',
  analytics: 'refused',
  _dispatchEvent: 'refused',
  _call: 'refused',
  _addListener: 'refused',
  _removeListener: 'refused',
  _postMessage: 'refused',
} as const satisfies Record<keyof Liff, Coverage>;

/** Members embedkit answers or refuses: the plugin puts each on the `liff` object. */
export type Replaced = {
  [K in keyof typeof LIFF_COVERAGE]: (typeof LIFF_COVERAGE)[K] extends 'kept' ? never : K;
}[keyof typeof LIFF_COVERAGE];
