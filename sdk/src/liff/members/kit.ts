/**
 * What the members of the `liff` object build on, over the plugin's state: the bridge call whose
 * failures read as the platform's, the platform's refusals when nobody is logged in, and what the
 * published availability rule reads of the page. One kit per plugin, so every member sees one state.
 */
import { createCall } from '../../call.js';
import { EmbedError } from '../../errors.js';
import type { HostMethod, LiffSession, WireResult } from '#contract/bridge/protocol.js';
import type { ApiEnvironment } from '../rules/availability.js';
import { fromEmbedError, LiffError, needLogin } from '../errors.js';
import { EXTERNAL_AVAILABILITY } from '../rules/external-availability.js';
import type { State } from '../state.js';
import { lineVersionOfUserAgent, osOfUserAgent } from '../rules/user-agent.js';

/** The `liff` method name of each bridge method the plugin calls, for error messages. */
const LIFF_NAME: Partial<Record<HostMethod, string>> = {
  liffInit: 'init',
  liffFriendship: 'getFriendship',
  liffRequestAll: 'permission.requestAll',
  liffScanCode: 'scanCodeV2',
  liffRequestFriendship: 'requestFriendship',
  liffShareTargetPicker: 'shareTargetPicker',
  liffIapProducts: 'iap.getPlatformProducts',
  liffIapConsent: 'iap.requestConsentAgreement',
  liffIapPayment: 'iap.createPayment',
  liffSubWindowOpen: 'subWindow.open',
  liffSubWindowPost: 'subWindow.submit',
  liffCalendarEvents: 'calendar.getEvents',
  liffCalendarCreate: 'calendar.showEventCreationModal',
};

/** The plugin's state and what the members share over it. */
export interface MemberKit {
  state: State;
  /** A bridge call whose failure becomes a {@link LiffError}. */
  bridge<M extends HostMethod>(method: M, args: unknown[]): Promise<WireResult<M>>;
  /** The session of a logged-in user, or the platform's refusal. */
  loggedIn(): LiffSession;
  inClientOnly(api: string): LiffSession;
  /** `getOS()`: the device setting in the host, the browser's user agent outside it. */
  os(): ApiEnvironment['os'];
  /** `getLineVersion()`: the device setting in the host, the user agent's in an external browser. */
  lineVersion(): string | null;
  /** What the published availability rule reads of this page now. */
  environment(): ApiEnvironment;
}

/** The kit of the members the plugin puts on the `liff` object, over `state`. */
export function memberKit(state: State): MemberKit {
  const call = createCall(() => state.host);
  const bridge = async <M extends HostMethod>(method: M, args: unknown[]): Promise<WireResult<M>> => {
    try {
      return await call(method, args);
    } catch (error) {
      throw error instanceof EmbedError ? fromEmbedError(error, LIFF_NAME[method] ?? method) : error;
    }
  };
  const loggedIn = (): LiffSession => {
    if (!state.session) throw needLogin();
    return state.session;
  };
  const inClientOnly = (api: string): LiffSession => {
    if (!state.host) {
      if (!state.web) throw needLogin();
      throw new LiffError('FORBIDDEN', `${api} is not allowed in external browser`);
    }
    return loggedIn();
  };
  // In the host the device setting plays the user agent; outside it, the browser's own is read, as published.
  const os = () => state.session?.os ?? osOfUserAgent(navigator.userAgent);
  const lineVersion = () => state.session?.lineVersion ?? (state.host ? null : lineVersionOfUserAgent(navigator.userAgent));
  const environment = (): ApiEnvironment => ({
    // Outside the client a login gives the external browser's entries, as the LIFF server does there.
    availability: state.session?.context.availability ?? (state.web ? EXTERNAL_AVAILABILITY : undefined),
    lineVersion: lineVersion(),
    inClient: !!state.host,
    loggedIn: !!state.session || !!state.web,
    os: os(),
    subWindow: !!state.session?.subWindow,
  });
  return { state, bridge, loggedIn, inClientOnly, os, lineVersion, environment };
}
