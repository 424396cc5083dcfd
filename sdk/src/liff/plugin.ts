/**
 * `EmbedkitPlugin`: the plugin for the platform's current SDK (`@line/liff` 2.x) that makes an app
 * run in embedkit's host. Installed with `liff.use(new EmbedkitPlugin())` before `liff.init`, it
 * replaces the `liff` object's methods (the way `@line/liff-mock` plugs in) with embedkit's: calls
 * over the same bridge as the first-generation SDK (`../protocol.ts`), answered by the host and shown
 * in its bridge log. {@link LIFF_COVERAGE} says, for every member of `Liff`, whether embedkit serves
 * it, refuses it as a client lacking it does, or keeps the SDK's own.
 */
import { handshake } from '../bridge.js';
import { createCall } from '../call.js';
import { EmbedError } from '../errors.js';
import { isHttpUrl } from '../checks.js';
import type { HostApi, HostMethod, LiffSession, WireResult } from '../protocol.js';
import { isApiAvailable } from './availability.js';
import { forbidden, fromEmbedError, LiffError, needLogin } from './errors.js';
import { decodeIdToken } from './id-token.js';
import type { Liff, LiffContext, LiffPlugin, LiffPluginContext } from './liff-types.js';
import { pageOfLiffState, permanentLinkOf } from './permanent-link.js';

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
  subWindow: 'refused',
  iap: 'refused',
  calendar: 'refused',
  activity: 'refused',
  createShortcutOnHomeScreen: 'refused',
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
type Replaced = { [K in keyof typeof LIFF_COVERAGE]: (typeof LIFF_COVERAGE)[K] extends 'kept' ? never : K }[keyof typeof LIFF_COVERAGE];

/** What `liff.$embedkit` offers beside the `liff` object: whether the page runs in the host, and the session. */
export interface EmbedkitPluginApi {
  /** True once `liff.init` connected to embedkit's host. */
  readonly inHost: boolean;
}

/** The `liff` method name of each bridge method the plugin calls, for error messages. */
const LIFF_NAME: Partial<Record<HostMethod, string>> = {
  liffInit: 'init',
  liffFriendship: 'getFriendship',
  liffRequestAll: 'permission.requestAll',
  liffScanCode: 'scanCodeV2',
  liffRequestFriendship: 'requestFriendship',
  liffShareTargetPicker: 'shareTargetPicker',
};

/**
 * The plugin. `name` is `embedkit` (the plugin's API is `liff.$embedkit`). Install it before
 * `liff.init({liffId})`, where `liffId` is an embedkit embed ID.
 */
export class EmbedkitPlugin implements LiffPlugin<EmbedkitPluginApi> {
  readonly name = 'embedkit';

  install({ liff }: LiffPluginContext): EmbedkitPluginApi {
    const state = createState();
    const members = liffMembers(state);
    for (const [key, value] of Object.entries(members)) {
      try {
        (liff as unknown as Record<string, unknown>)[key] = value;
      } catch {
        // A member the SDK made read-only stays the SDK's own.
      }
    }
    return {
      get inHost() {
        return !!state.session;
      },
    };
  }
}

/** The plugin's state: the host's methods and session once `init` connected, the ready promise. */
interface State {
  host?: HostApi;
  session?: LiffSession;
  initialized: boolean;
  pending?: Promise<void>;
  liffId: string | null;
  extraQuery: string;
  ready: Promise<void>;
  resolveReady(): void;
}

function createState(): State {
  let resolveReady = () => {};
  const ready = new Promise<void>((resolve) => (resolveReady = resolve));
  return { initialized: false, liffId: null, extraQuery: '', ready, resolveReady };
}

/** The members the plugin puts on the `liff` object, typed as `Liff` types them. */
function liffMembers(state: State): Pick<Liff, Replaced> {
  const call = createCall(() => state.host);
  /** A bridge call whose failure becomes a {@link LiffError}. */
  const bridge = async <M extends HostMethod>(method: M, args: unknown[]): Promise<WireResult<M>> => {
    try {
      return await call(method, args);
    } catch (error) {
      throw error instanceof EmbedError ? fromEmbedError(error, LIFF_NAME[method] ?? method) : error;
    }
  };
  /** The session of a logged-in user, or the platform's refusal. */
  const loggedIn = (): LiffSession => {
    if (!state.session) throw needLogin();
    return state.session;
  };
  const inClientOnly = (api: string): LiffSession => {
    const session = loggedIn();
    if (!state.host) throw new LiffError('FORBIDDEN', `${api} is not allowed in external browser`);
    return session;
  };
  const refuse = (api: string) => () => Promise.reject(forbidden(api));
  const refuseSync = (api: string) => () => {
    throw forbidden(api);
  };

  const init: Liff['init'] = (config, successCallback, errorCallback) => {
    const run = async () => {
      const liffId = (config as { liffId?: unknown } | undefined)?.liffId;
      if (typeof liffId !== 'string' || !liffId) throw new LiffError('INVALID_CONFIG', 'liffId is necessary for liff.init()');
      state.liffId = liffId;
      // `liff.id` is a getter of the SDK's own (read-only) that reads this config.
      const w = window as { __liffConfig?: Record<string, unknown> };
      w.__liffConfig = { ...w.__liffConfig, liffId };
      if (window.parent === window) {
        // A normal tab: the app runs outside the host, not logged in (isInClient false).
        state.initialized = true;
        return;
      }
      let connection;
      try {
        connection = await handshake();
      } catch (error) {
        throw error instanceof EmbedError ? new LiffError('INIT_FAILED', error.message.replace(/^embed\.init/, 'liff.init')) : error;
      }
      state.host = connection.host;
      try {
        state.session = await bridge('liffInit', [liffId]);
      } catch (error) {
        state.host = undefined;
        throw error instanceof LiffError && error.code === 'INVALID_ARGUMENT' ? new LiffError('INVALID_CONFIG', error.message) : error;
      }
      state.initialized = true;
      // Opened by a permanent link: go to its page, as the platform's SDK does on init (the
      // promise never settles on this page; the new page inits again).
      const liffState = new URLSearchParams(location.search).get('liff.state');
      const page = liffState ? pageOfLiffState(state.session.context.endpointUrl, liffState) : null;
      if (page) {
        location.replace(page);
        await new Promise(() => undefined);
      }
    };
    state.pending ??= run().then(
      () => state.resolveReady(),
      (error: unknown) => {
        state.pending = undefined;
        throw error;
      },
    );
    return state.pending.then(
      () => successCallback?.(),
      (error: unknown) => {
        errorCallback?.(error as Error);
        throw error;
      },
    );
  };

  const context = (): LiffContext | null => (state.session ? (structuredClone(state.session.context) as unknown as LiffContext) : null);
  const link = () => {
    const s = loggedIn();
    return { hostUrl: s.hostUrl, liffId: s.context.liffId, endpointUrl: s.context.endpointUrl };
  };

  return {
    init,
    get ready() {
      return state.ready;
    },
    get id() {
      return state.liffId;
    },
    getOS: () => state.session?.os ?? 'web',
    getLanguage: () => state.session?.language ?? navigator.language,
    getAppLanguage: () => state.session?.language ?? navigator.language,
    getLineVersion: () => state.session?.lineVersion ?? null,
    getOrigins: () => {
      const origin = state.session ? new URL(state.session.hostUrl).origin : location.origin;
      return { liffApp: location.origin, liffServer: origin, miniApp: origin };
    },
    isInClient: () => !!state.host,
    isLoggedIn: () => !!state.session,
    login: () => {
      if (state.session) return;
      throw new LiffError('FORBIDDEN', 'liff.login: embedkit signs users in only inside its host; open the app there');
    },
    logout: () => {
      // In the host the messenger keeps the person signed in, as the platform's does.
      if (!state.host) state.session = undefined;
    },
    getAccessToken: () => state.session?.accessToken ?? null,
    getIDToken: () => state.session?.idToken ?? null,
    getDecodedIDToken: () => decodeIdToken(state.session?.idToken) as ReturnType<Liff['getDecodedIDToken']>,
    getContext: context,
    getProfile: async () => {
      loggedIn();
      return bridge('getProfile', []);
    },
    getFriendship: async () => {
      loggedIn();
      return bridge('liffFriendship', []);
    },
    sendMessages: async (messages) => {
      inClientOnly('sendMessages');
      await bridge('sendMessages', [messages]);
    },
    openWindow: (params) => {
      if (!isHttpUrl(params?.url)) throw new LiffError('INVALID_ARGUMENT', 'liff.openWindow: url must be an absolute http(s) URL');
      if (!state.host) {
        window.open(params.url, '_blank', 'noopener');
        return;
      }
      bridge('openWindow', [{ url: params.url, external: params.external === true }]).catch((error: unknown) => console.error(error));
    },
    closeWindow: () => {
      if (!state.host) return window.close();
      bridge('closeWindow', []).catch((error: unknown) => console.error(error));
    },
    isApiAvailable: (apiName) => isApiAvailable(apiName, state.session),
    permanentLink: {
      createUrlBy: async (url) => permanentLinkOf(link(), url, state.extraQuery),
      createUrl: () => permanentLinkOf(link(), location.href, state.extraQuery),
      setExtraQueryParam: (params) => {
        state.extraQuery = String(params ?? '').replace(/^\?/, '');
      },
    },
    permission: {
      query: async (permission) => {
        const session = loggedIn();
        if (!['profile', 'chat_message.write', 'openid', 'email'].includes(permission)) {
          throw new LiffError('INVALID_ARGUMENT', `liff.permission.query: unknown permission ${String(permission)}`);
        }
        // embedkit's login issues no email: the app's channel cannot have it.
        if (permission === 'email') return { state: 'unavailable' };
        return { state: (session.context.scope as string[]).includes(permission) ? 'granted' : 'prompt' };
      },
      getGrantedAll: async () => [...loggedIn().context.scope],
      requestAll: async () => {
        inClientOnly('permission.requestAll');
        state.session = await bridge('liffRequestAll', []);
      },
    },
    i18n: {
      // The SDK translates only its own alerts, which embedkit does not show.
      setLang: async () => undefined,
    },
    isSubWindow: () => false,
    getIsVideoAutoPlay: () => false,
    scanCodeV2: async () => {
      inClientOnly('scanCodeV2');
      if (!isApiAvailable('scanCodeV2', state.session))
        throw new LiffError('FORBIDDEN', 'scanCodeV2 is unavailable in this client version.');
      return bridge('liffScanCode', []);
    },
    requestFriendship: async () => {
      inClientOnly('requestFriendship');
      await bridge('liffRequestFriendship', []);
    },
    shareTargetPicker: async (messages, options) => {
      inClientOnly('shareTargetPicker');
      if (!isApiAvailable('shareTargetPicker', state.session)) {
        throw new LiffError('FORBIDDEN', 'shareTargetPicker is unavailable in this client version.');
      }
      // Sent: the published `{status: 'success'}`; cancelled: false, as the published docs say.
      const sent = await bridge('liffShareTargetPicker', [messages, options?.isMultiple ?? true]);
      return (sent ? { status: 'success' } : false) as unknown as Awaited<ReturnType<Liff['shareTargetPicker']>>;
    },
    subWindow: {
      on: refuseSync('subwindowOpen'),
      off: refuseSync('subwindowOpen'),
      open: refuse('subwindowOpen'),
      cancel: refuse('subwindowOpen'),
      submit: refuse('subwindowOpen'),
      close: refuse('subwindowOpen'),
      getAppData: refuse('subwindowOpen'),
    },
    iap: {
      getPlatformProducts: refuse('In-App Purchase'),
      createPayment: refuse('In-App Purchase'),
      requestConsentAgreement: refuse('In-App Purchase'),
    },
    calendar: {
      getEvents: refuse('liff.calendar.getEvents'),
      showEventCreationModal: refuse('liff.calendar.showEventCreationModal'),
    },
    activity: {
      getCallState: refuseSync('liff.activity.getCallState'),
      getRecordingState: refuseSync('liff.activity.getRecordingState'),
    },
    createShortcutOnHomeScreen: refuse('createShortcutOnHomeScreen'),
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
