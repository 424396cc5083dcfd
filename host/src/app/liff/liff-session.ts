/**
 * What the host tells the plugin for the platform's current SDK (`embedkit/liff`) when an app
 * calls `liff.init` in it: the `getContext()` of `@line/liff` for the app opened in this state, the
 * device's OS, language and client version, and the app's own user access token. Pure functions
 * but for the token hash (Web Crypto).
 */
import type { LiffScope, LiffSession } from '#contract/bridge/protocol.js';
import type { SessionToken } from '#contract/wire.js';
import type { Device } from '../../phone/device.js';
import { appScopes, type HostState } from '../../state/host-state.js';
import { isChatType, type WorldApp } from '../../state/world.js';

/** One feature of `context.availability`: whether embedkit's host serves it, and from which client version. */
export interface Availability {
  permission: boolean;
  minVer: string;
  minOsVer?: string;
}

/**
 * The features of `@line/liff`'s `context.availability`, with the minimum client versions the
 * platform publishes, and `permission` true only for what embedkit's host serves. What no local
 * client can do (the old home-screen shortcuts, advertising IDs, Bluetooth) is never permitted;
 * the calendar (the person's events in the world, the host's event-creation sheet) and the call and
 * recording states (the side panel's) are served; sub windows the host draws over the app (`liff/sub-window.ts`); in-app purchase is permitted by the app session for a
 * MINI App that may use it (`app/app-session.ts`), so `isApiAvailable` answers false and
 * the method refuses with the published SDK's `FORBIDDEN`.
 */
export const LIFF_AVAILABILITY: Readonly<Record<string, Availability>> = {
  shareTargetPicker: { permission: true, minVer: '10.3.0' },
  multipleLiffTransition: { permission: true, minVer: '10.18.0' },
  subwindowOpen: { permission: true, minVer: '11.7.0' },
  scanCode: { permission: false, minVer: '9.4.0' },
  scanCodeV2: { permission: true, minVer: '11.7.0', minOsVer: '14.3.0' },
  getAdvertisingId: { permission: false, minVer: '7.14.0' },
  addToHomeScreen: { permission: false, minVer: '9.16.0' },
  bluetoothLeFunction: { permission: false, minVer: '9.14.0' },
  // Permitted by the app session only where the channel consent simplification is in effect (consent/flow.ts).
  skipChannelVerificationScreen: { permission: false, minVer: '11.20.0' },
  addToHomeV2: { permission: false, minVer: '13.16.0' },
  addToHomeHideDomain: { permission: false, minVer: '13.16.0' },
  addToHomeLineScheme: { permission: false, minVer: '13.16.0' },
  iap: { permission: false, minVer: '14.11.0' },
  activityGetCallState: { permission: true, minVer: '15.0.0' },
  activityGetRecordingState: { permission: true, minVer: '15.0.0' },
  calendarRead: { permission: true, minVer: '15.0.0' },
  lineCalendarWrite: { permission: true, minVer: '15.0.0' },
  // embedkit's own entry: the published SDK decides requestFriendship by its sub window's, which
  // embedkit does not serve; the host asks the person itself.
  requestFriendship: { permission: true, minVer: '13.3.0' },
};

/** `getOS()` of `@line/liff` for a device: the messenger on a phone is `ios` / `android`, the desktop app `web`. */
export function liffOs(device: Device): LiffSession['os'] {
  return device.platform === 'desktop' ? 'web' : device.platform;
}

/**
 * `accessTokenHash` of the context: the left half of the token's SHA-256, base64url without
 * padding (the `at_hash` rule of OpenID Connect Core 3.3.2.11, which the platform applies).
 */
export async function accessTokenHash(accessToken: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(accessToken)));
  const half = String.fromCharCode(...digest.subarray(0, 16));
  return btoa(half).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * The session the host answers to `liff.init` for `app` opened in `state` with `token` (the answer
 * of the simulator API's `createSession` route). `context` follows `@line/liff`'s `Context`: `type` is the
 * state's context, exactly one chat id named by it (none for `none`), `userId` always (the person
 * is logged in, as in the messenger), `scope` the scopes the app registered (`grantedScopes` the
 * token's, as `liff.permission` tells them apart). The refresh token never
 * crosses: only the access token and the ID token.
 * @param hostUrl the host page's URL without query, the base of permanent links
 */
export async function buildLiffSession(
  state: HostState,
  app: WorldApp,
  token: Pick<SessionToken, 'access_token' | 'scope' | 'id_token'>,
  hostUrl: string,
): Promise<LiffSession> {
  const context: LiffSession['context'] = {
    type: state.contextType,
    userId: state.userId,
    liffId: app.embedId,
    endpointUrl: app.view.url,
    viewType: state.viewType,
    accessTokenHash: await accessTokenHash(token.access_token),
    scope: appScopes(app) as LiffScope[],
    availability: structuredClone(LIFF_AVAILABILITY) as LiffSession['context']['availability'],
  };
  // The desktop app has no code scanner.
  if (state.device.platform === 'desktop') context.availability.scanCodeV2!.permission = false;
  // A home-screen shortcut is for verified MINI Apps; an unverified one may test it on its channel
  // for Developing (LINE MINI App docs, "Add a shortcut to your LINE MINI App to the home screen").
  if (app.miniApp && (app.miniApp.verified || app.miniApp.stage === 'developing')) context.availability.addToHomeV2!.permission = true;
  // A MINI App's links are its own (`https://miniapp.line.me/…`), by its Custom Path when verified with one.
  if (app.miniApp) {
    context.miniDomainAllowed = true;
    if (app.miniApp.verified && app.miniApp.customPath) context.miniAppId = app.miniApp.customPath;
  }
  if (isChatType(state.contextType) && state.chatId) {
    const key = ({ utou: 'utouId', room: 'roomId', group: 'groupId' } as const)[state.contextType];
    context[key] = state.chatId;
  }
  const session: LiffSession = {
    context,
    os: liffOs(state.device),
    language: state.language,
    lineVersion: state.device.appVersion,
    accessToken: token.access_token,
    grantedScopes: token.scope.split(' ').filter(Boolean) as LiffScope[],
    hostUrl,
  };
  if (token.id_token) session.idToken = token.id_token;
  return session;
}
