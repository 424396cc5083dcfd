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
import { assertApiAvailable, isApiAvailable, type ApiEnvironment } from './availability.js';
import { forbidden, fromEmbedError, LiffError, needLogin } from './errors.js';
import { decodeIdToken } from './id-token.js';
import type { Liff, LiffContext, LiffPlugin, LiffPluginContext } from './liff-types.js';
import { pageOfLiffState, permanentLinkOf, type LinkBase } from './permanent-link.js';
import { lineVersionOfUserAgent, osOfUserAgent } from './user-agent.js';
import { finishLogin, forgetTokens, platformGet, startLogin, storedTokens, type WebTokens } from './web-login.js';

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
  iap: 'served',
  calendar: 'refused',
  activity: 'refused',
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
  liffIapProducts: 'iap.getPlatformProducts',
  liffIapConsent: 'iap.requestConsentAgreement',
  liffIapPayment: 'iap.createPayment',
};

/**
 * What `liff.iap.createPayment` rejects with when the store's payment fails (the published SDK
 * gives no code of its own: `UNKNOWN`, the code it uses for a native failure without one).
 */
const IAP_FAILURE_TEXT: Record<string, string> = {
  cardDeclined: 'The payment failed: the store declined the payment method.',
  networkLost: 'The payment failed: the network connection was lost.',
};

/** Options of {@link EmbedkitPlugin}. */
export interface EmbedkitPluginOptions {
  /**
   * The embedkit server's origin, where `liff.login()` outside the host signs in and the profile
   * and friendship calls go (e.g. `http://localhost:8080`). Default: {@link pluginDefaults}.
   */
  server?: string;
}

/**
 * Defaults of the plugin: `server` is embedkit's default address, or the origin the script-tag
 * form was loaded from (`/sdk/v1/liff.js`).
 */
export const pluginDefaults = { server: 'http://localhost:8080' };

/**
 * The plugin. `name` is `embedkit` (the plugin's API is `liff.$embedkit`). Install it before
 * `liff.init({liffId})`, where `liffId` is an embedkit embed ID.
 */
export class EmbedkitPlugin implements LiffPlugin<EmbedkitPluginApi> {
  readonly name = 'embedkit';
  private readonly server: string;

  constructor(options: EmbedkitPluginOptions = {}) {
    this.server = new URL(options.server ?? pluginDefaults.server).origin;
  }

  install({ liff }: LiffPluginContext): EmbedkitPluginApi {
    const state = createState(this.server);
    const members = liffMembers(state);
    const sdk = liff as unknown as Record<string, unknown>;
    // The full SDK has every method already: plain assignments, so an app's own later assignment
    // (a test's stub) still wins. The pluggable one adds methods later: they must stay the host's.
    const pluggable = isPluggableSdk(sdk);
    for (const [key, value] of Object.entries(members)) {
      if (pluggable) plugInto(sdk, key, value, sdk[key] !== undefined);
      else assign(sdk, key, value);
    }
    return {
      get inHost() {
        return !!state.session;
      },
    };
  }
}

/**
 * Puts embedkit's `value` in `liff[key]`, so that it stays there whatever the app installs after the
 * plugin. The pluggable SDK (`@line/liff/core`) adds each method with its module
 * (`liff.use(new GetProfile())`), by assigning it to the object; a module added after the plugin
 * would put the SDK's own method back, which asks the LIFF server for what the host answers. So the
 * member is an accessor: the module's assignment only says the member is now there. In the
 * pluggable SDK a member whose module is not added yet (`present` false) reads undefined, as without
 * the plugin. A member the SDK made read-only stays the SDK's own.
 */
function plugInto(liff: Record<string, unknown>, key: string, value: unknown, present: boolean): void {
  try {
    Object.defineProperty(liff, key, {
      configurable: true,
      enumerable: true,
      get: () => (present ? value : undefined),
      set: () => {
        present = true;
      },
    });
  } catch {
    assign(liff, key, value);
  }
}

/** `liff[key] = value`; a member the SDK made read-only stays the SDK's own. */
function assign(liff: Record<string, unknown>, key: string, value: unknown): void {
  try {
    liff[key] = value;
  } catch {
    // Read-only: the SDK's own.
  }
}

/**
 * Whether `liff` is the pluggable SDK (`@line/liff/core`), which has a method only once its module is
 * added: the full SDK (`@line/liff`) always has these, core has none of them until the app adds them.
 */
function isPluggableSdk(liff: Record<string, unknown>): boolean {
  return ['getOS', 'getLanguage', 'isInClient', 'isLoggedIn', 'getProfile', 'sendMessages', 'closeWindow', 'openWindow'].some(
    (k) => liff[k] === undefined,
  );
}

/**
 * The page a shortcut opens, as the `liff.state` below the app's endpoint URL: from a LIFF URL of
 * the app (`https://liff.line.me/{liffId}/path`) or a URL below its endpoint URL (the published
 * SDK's permanent-link check; anything else is `INVALID_ARGUMENT`).
 */
function shortcutState(url: string, base: LinkBase): string {
  const liffUrl = `https://liff.line.me/${base.liffId}`;
  if (url === liffUrl || url.startsWith(`${liffUrl}/`) || url.startsWith(`${liffUrl}?`))
    return `/${url.slice(liffUrl.length).replace(/^\//, '')}`;
  return new URL(permanentLinkOf(base, url)).searchParams.get('liff.state') ?? '/';
}

/** The plugin's state: the host's methods and session once `init` connected, the ready promise. */
interface State {
  host?: HostApi;
  session?: LiffSession;
  /** The tokens of a login outside the host (`liff.login()` in a normal tab). */
  web?: WebTokens;
  /** The embedkit server's origin (web login, platform API calls outside the host). */
  server: string;
  initialized: boolean;
  pending?: Promise<void>;
  liffId: string | null;
  extraQuery: string;
  ready: Promise<void>;
  resolveReady(): void;
}

function createState(server: string): State {
  let resolveReady = () => {};
  const ready = new Promise<void>((resolve) => (resolveReady = resolve));
  return { initialized: false, liffId: null, extraQuery: '', ready, resolveReady, server };
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
    if (!state.host) {
      if (!state.web) throw needLogin();
      throw new LiffError('FORBIDDEN', `${api} is not allowed in external browser`);
    }
    return loggedIn();
  };
  /** The granted scopes of the host's session or the web login. */
  const grantedScopes = (): string[] => {
    if (state.session) return [...state.session.context.scope];
    if (state.web) return [...state.web.scope];
    throw needLogin();
  };
  const idToken = () => state.session?.idToken ?? state.web?.idToken ?? null;
  // In the host the device setting plays the user agent; outside it, the browser's own is read, as published.
  const os = () => state.session?.os ?? osOfUserAgent(navigator.userAgent);
  const lineVersion = () => state.session?.lineVersion ?? (state.host ? null : lineVersionOfUserAgent(navigator.userAgent));
  /** What the published availability rule reads of this page now. */
  const environment = (): ApiEnvironment => ({
    availability: state.session?.context.availability,
    lineVersion: lineVersion(),
    inClient: !!state.host,
    loggedIn: !!state.session || !!state.web,
    os: os(),
  });
  /** The session of an app that may use in-app purchase now, or the refusal `@line/liff` words (its `iap` rule). */
  const iapSession = (): LiffSession => {
    assertApiAvailable('iap', environment());
    return loggedIn();
  };
  const refuse = (api: string) => () => Promise.reject(forbidden(api));
  const refuseSync = (api: string) => () => {
    throw forbidden(api);
  };

  /**
   * Opened by a permanent link: goes to the page its `liff.state` names below `endpointUrl`, as the
   * platform's SDK does on init (the promise never settles on this page; the new page inits again).
   */
  const goToLiffState = async (endpointUrl: string): Promise<void> => {
    const liffState = new URLSearchParams(location.search).get('liff.state');
    const page = liffState ? pageOfLiffState(endpointUrl, liffState) : null;
    if (page && page !== location.href) {
      location.replace(page);
      await new Promise(() => undefined);
    }
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
        // A normal tab: the app runs outside the host (isInClient false), logged in once
        // `liff.login()` came back here (the code in the address) or a kept login is still valid.
        state.web = (await finishLogin(liffId)) ?? storedTokens(liffId) ?? undefined;
        state.initialized = true;
        if (!state.web && (config as { withLoginOnExternalBrowser?: unknown }).withLoginOnExternalBrowser === true) {
          // The published SDK logs in at once (`liff.init` then never settles: the page leaves for
          // the login pages and inits again on its return).
          await startLogin({ server: state.server, liffId });
          await new Promise(() => undefined);
        }
        // Opened from a LIFF URL in an external browser: the page of its `liff.state`, below this
        // endpoint page, as the published SDK goes there on init.
        await goToLiffState(location.origin + location.pathname);
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
      await goToLiffState(state.session.context.endpointUrl);
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

  const context = (): LiffContext | null => {
    if (state.session) return structuredClone(state.session.context) as unknown as LiffContext;
    if (!state.web) return null;
    // Outside the messenger the published context has type `external` and no chat.
    const sub = decodeIdToken(state.web.idToken)?.sub;
    return {
      type: 'external',
      liffId: state.liffId,
      ...(sub ? { userId: sub } : {}),
      scope: [...state.web.scope],
    } as unknown as LiffContext;
  };
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
    getOS: os,
    getLanguage: () => state.session?.language ?? navigator.language,
    getAppLanguage: () => state.session?.language ?? navigator.language,
    getLineVersion: lineVersion,
    getOrigins: () => {
      const origin = state.session ? new URL(state.session.hostUrl).origin : location.origin;
      return { liffApp: location.origin, liffServer: origin, miniApp: origin };
    },
    isInClient: () => !!state.host,
    isLoggedIn: () => !!state.session || !!state.web,
    login: (loginConfig) => {
      if (state.session || state.web) return;
      if (!state.initialized || !state.liffId) throw new LiffError('UNAUTHORIZED', 'liff.login: call liff.init first');
      // The page leaves for embedkit's login pages; the promise only reports a failure to start.
      startLogin({ server: state.server, liffId: state.liffId, redirectUri: loginConfig?.redirectUri }).catch((error: unknown) =>
        console.error(error),
      );
    },
    logout: () => {
      // In the host the messenger keeps the person signed in, as the platform's does.
      if (state.host) return;
      state.session = undefined;
      state.web = undefined;
      if (state.liffId) forgetTokens(state.liffId);
    },
    getAccessToken: () => state.session?.accessToken ?? state.web?.accessToken ?? null,
    getIDToken: idToken,
    getDecodedIDToken: () => decodeIdToken(idToken() ?? undefined) as ReturnType<Liff['getDecodedIDToken']>,
    getContext: context,
    getProfile: async () => {
      if (state.web) return platformGet(state.server, '/v2/profile', state.web.accessToken, 'getProfile');
      loggedIn();
      return bridge('getProfile', []);
    },
    getFriendship: async () => {
      if (state.web) return platformGet(state.server, '/friendship/v1/status', state.web.accessToken, 'getFriendship');
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
    isApiAvailable: (apiName) => isApiAvailable(apiName, environment()),
    permanentLink: {
      createUrlBy: async (url) => permanentLinkOf(link(), url, state.extraQuery),
      createUrl: () => permanentLinkOf(link(), location.href, state.extraQuery),
      setExtraQueryParam: (params) => {
        state.extraQuery = String(params ?? '').replace(/^\?/, '');
      },
    },
    permission: {
      query: async (permission) => {
        const scopes = grantedScopes();
        if (!['profile', 'chat_message.write', 'openid', 'email'].includes(permission)) {
          throw new LiffError('INVALID_ARGUMENT', `liff.permission.query: unknown permission ${String(permission)}`);
        }
        // embedkit's login issues no email: the app's channel cannot have it.
        if (permission === 'email') return { state: 'unavailable' };
        return { state: scopes.includes(permission) ? 'granted' : 'prompt' };
      },
      getGrantedAll: async () => grantedScopes() as Awaited<ReturnType<Liff['permission']['getGrantedAll']>>,
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
      assertApiAvailable('scanCodeV2', environment());
      return bridge('liffScanCode', []);
    },
    requestFriendship: async (options) => {
      inClientOnly('requestFriendship');
      assertApiAvailable('requestFriendship', environment());
      const { officialAccount, template } = (options ?? {}) as {
        officialAccount?: { id: string; fallback?: boolean };
        template?: { id: string };
      };
      // The published SDK's own check, before its sub window opens.
      if (officialAccount && !String(officialAccount.id).startsWith('@'))
        throw new LiffError('INVALID_ARGUMENT', 'officialAccount.id must start with "@".');
      await bridge('liffRequestFriendship', [
        {
          ...(officialAccount ? { officialAccountId: officialAccount.id } : {}),
          ...(officialAccount?.fallback !== undefined ? { officialAccountFallback: officialAccount.fallback } : {}),
          ...(template ? { templateId: template.id } : {}),
        },
      ]);
    },
    shareTargetPicker: async (messages, options) => {
      inClientOnly('shareTargetPicker');
      assertApiAvailable('shareTargetPicker', environment());
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
      getPlatformProducts: async (params) => {
        iapSession();
        const productIds = (params as { productIds?: unknown } | undefined)?.productIds;
        if (!Array.isArray(productIds) || !productIds.every((id) => typeof id === 'string'))
          throw new LiffError('INVALID_ARGUMENT', 'liff.iap.getPlatformProducts: productIds must be an array of product IDs');
        return bridge('liffIapProducts', [productIds]);
      },
      requestConsentAgreement: async () => {
        iapSession();
        // Published: the promise rejects when the person does not agree.
        if (!(await bridge('liffIapConsent', []))) throw new LiffError('TERMS_AGREEMENT_ERROR', 'The user did not agree to the terms.');
      },
      createPayment: async (params) => {
        iapSession();
        const { productId, orderId } = (params ?? {}) as { productId?: unknown; orderId?: unknown };
        if (typeof productId !== 'string' || !productId || typeof orderId !== 'string' || !orderId)
          throw new LiffError('INVALID_ARGUMENT', 'liff.iap.createPayment: productId and orderId must be non-empty strings');
        const paid = await bridge('liffIapPayment', [productId, orderId]);
        // Published: `{code: "CANCELED", message: "Transaction was canceled."}` when the person cancels.
        if (paid.outcome === 'cancelled') throw new LiffError('CANCELED', 'Transaction was canceled.');
        if (paid.outcome === 'failed')
          throw new LiffError('UNKNOWN', IAP_FAILURE_TEXT[paid.failure ?? ''] ?? IAP_FAILURE_TEXT.cardDeclined!);
      },
    },
    calendar: {
      getEvents: refuse('liff.calendar.getEvents'),
      showEventCreationModal: refuse('liff.calendar.showEventCreationModal'),
    },
    activity: {
      getCallState: refuseSync('liff.activity.getCallState'),
      getRecordingState: refuseSync('liff.activity.getRecordingState'),
    },
    createShortcutOnHomeScreen: async (params) => {
      const { url, description } = (params ?? {}) as { url?: unknown; description?: unknown };
      // The published SDK's checks, in its order: the argument, the permissions, the URL, then availability.
      if (url === undefined || url === null || url === '') throw new LiffError('INVALID_ARGUMENT', 'no proper argument');
      const context = state.session?.context;
      const lineScheme = /^line:\/\//i.test(String(url));
      if (!context?.availability.addToHomeLineScheme?.permission) {
        if (lineScheme) throw new LiffError('FORBIDDEN', 'No permission to specify line schema in url.');
        if (description) throw new LiffError('FORBIDDEN', 'No permission to specify description.');
      }
      if (!context) throw new LiffError('FORBIDDEN', 'Could not get Context from server.');
      const liffState = shortcutState(String(url), {
        hostUrl: state.session!.hostUrl,
        liffId: context.liffId,
        endpointUrl: context.endpointUrl,
      });
      assertApiAvailable('createShortcutOnHomeScreen', environment());
      await bridge('liffCreateShortcut', [{ liffState, ...(typeof description === 'string' ? { description } : {}) }]);
    },
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
