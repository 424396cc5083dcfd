/**
 * The wire protocol between an embedded page (the SDK) and the host shell, and the one map of the
 * methods the host serves over it ({@link BRIDGE_METHODS}).
 *
 * Shared by `sdk/` and `host/` (hence in the contract): both import these types and constants, so
 * a change here is a change of the protocol and must bump {@link PROTOCOL_VERSION}.
 *
 * The bridge, step by step:
 * 1. The SDK posts one {@link HelloMessage} to `window.parent`, with targetOrigin `*` (the page
 *    cannot know the host's origin yet, and the hello carries no data).
 * 2. The host accepts a hello only when `event.source` is the app frame it opened and
 *    `event.origin` is the exact origin of the registered view URL; it answers with a
 *    {@link WelcomeMessage} and a transferred `MessagePort`, posted with that exact targetOrigin.
 *    Anything else gets no answer.
 * 3. The SDK accepts a welcome only from `window.parent` (and from the parent's origin when the
 *    browser tells it), and only with a port.
 * 4. All later calls run over the port with comlink. The host exposes the methods of
 *    {@link BRIDGE_METHODS} only, behind a filter that lets through nothing but calls of those
 *    methods with plain-data arguments; each call answers a {@link BridgeResult}.
 */
import { messagesRule, openWindowProblem } from './rules.js';
import type { LiffTraceEntry } from './trace.js';

/** Protocol name carried by every handshake message. */
export const PROTOCOL = 'embedkit-bridge';
/** Protocol version carried by every handshake message. */
export const PROTOCOL_VERSION = 1;

/** First message of the handshake, posted by the SDK to `window.parent` with targetOrigin `*` (it carries no data). */
export interface HelloMessage {
  protocol: typeof PROTOCOL;
  version: typeof PROTOCOL_VERSION;
  type: 'hello';
}

/**
 * The host's answer to a hello; `event.ports[0]` is the MessagePort for all later calls. `token`
 * (random, per port) is what the page answers a liveness check with.
 */
export interface WelcomeMessage {
  protocol: typeof PROTOCOL;
  version: typeof PROTOCOL_VERSION;
  type: 'welcome';
  initData: InitData;
  token?: string;
}

/**
 * The liveness rule: when the app frame loads a page after a hello, the host asks the
 * frame's window (posted to the app's origin only) whether it is still the page it welcomed; that
 * page answers {@link AliveMessage} with the welcome's token. No answer within the host's wait
 * (another page, another origin, a page that handed its port away): the port is closed.
 */
export interface LivenessMessage {
  protocol: typeof PROTOCOL;
  version: typeof PROTOCOL_VERSION;
  type: 'liveness';
}

/** The page's answer to a {@link LivenessMessage}: the token of its welcome. */
export interface AliveMessage {
  protocol: typeof PROTOCOL;
  version: typeof PROTOCOL_VERSION;
  type: 'alive';
  token: string;
}

/**
 * What the host asks of the page in its frame, posted to the frame's window with the app's exact
 * origin (as the liveness check is), for the frame the LINE app draws around a MINI App: `back`
 * goes one page back in the frame's own history (the header's back button; the host cannot reach
 * a cross-origin frame's history itself). The page accepts it only from `window.parent` after a
 * welcome; a page without the SDK ignores it.
 */
export interface PageCommandMessage {
  protocol: typeof PROTOCOL;
  version: typeof PROTOCOL_VERSION;
  type: 'command';
  command: 'back';
}

/**
 * What the page tells the host of itself (`pageState`), which the host cannot read across origins:
 * the text of its `<title>` (the MINI App header's service name, LINE MINI App docs "UI
 * Components"), its address (the header's domain and the permanent link the action button shares)
 * and whether its own history has a page before this one (the header's back button).
 */
export interface PageState {
  /** `document.title` as the browser reads it; text only, never markup. */
  title: string;
  /** `location.href`. */
  url: string;
  canGoBack: boolean;
}

/** Longest page title the host accepts, in characters (the SDK cuts it there). */
export const MAX_PAGE_TITLE = 200;
/** Longest page address the host accepts, in characters. */
export const MAX_PAGE_URL = 4000;

/** Context types of the spec's "SDK init data" (part D): 1:1 chat, room, group, or opened outside a chat. */
export type ContextType = 'utou' | 'room' | 'group' | 'none';
/** View types of the spec's "view" object (part D): 50%, 80% and 100% of the screen height. */
export type ViewType = 'compact' | 'tall' | 'full';

/** All context types, in the order the host shows them. */
export const CONTEXT_TYPES: readonly ContextType[] = ['utou', 'room', 'group', 'none'];
/** All view types, in the order the host shows them. */
export const VIEW_TYPES: readonly ViewType[] = ['compact', 'tall', 'full'];

/**
 * `context` of the SDK init data (spec part D, "SDK init data").
 * `userId` is present unless `type` is `none`; exactly one of `utouId` / `roomId` / `groupId` is
 * present, matching `type` (none of them for `none`).
 */
export interface InitContext {
  type: ContextType;
  viewType: ViewType;
  userId?: string;
  utouId?: string;
  roomId?: string;
  groupId?: string;
}

/** Data passed to `embed.init`'s success callback (spec part D, "SDK init data"). */
export interface InitData {
  /** Language tag of the messenger app, for example `en` or `ja`. */
  language: string;
  context: InitContext;
}

/** Result of `embed.getProfile()` (spec part D, "SDK profile"); unset fields are absent, never null. */
export interface Profile {
  userId: string;
  displayName: string;
  pictureUrl?: string;
  statusMessage?: string;
}

/** Argument of `embed.openWindow()` (spec part D, client SDK methods). */
export interface OpenWindowParams {
  /** Absolute URL to open. */
  url: string;
  /** true: a real new browser tab; false (default): the host's in-app browser. */
  external?: boolean;
}

/**
 * SDK error codes (spec "Errors", embedded app SDK). API failures use the HTTP status as a
 * string instead (for example `"401"`).
 */
export type ErrorCode = 'INIT_FAILED' | 'INVALID_ARGUMENT' | 'INTERNAL_ERROR' | `${number}`;

/** An error as it crosses the bridge: plain data, turned into an `Error` with `code` by the SDK. */
export interface WireError {
  code: ErrorCode;
  message?: string;
}

/**
 * A scope of a user access token as the platform's current SDK names it (`@line/liff`'s
 * `PERMISSION_NAMES` without `email`, which embedkit's login does not issue), or one of LINE MINI
 * Apps' Quick-fill scopes (`commonprofile.name`...), which the token carries beside them.
 */
export type LiffScope = 'profile' | 'chat_message.write' | 'openid' | `commonprofile.${string}`;

/**
 * What `liffInit` answers: everything the platform's current SDK knows of itself after `init`, for
 * the app opened in the host. `context` is `@line/liff`'s `getContext()` shape; `os`, `language`,
 * `lineVersion` come from the phone's device setting; `accessToken` is the app's own user access
 * token (the only secret that reaches the page: no refresh token); `idToken` is present with the
 * `openid` scope; `hostUrl` is the host page's URL, the base of permanent links. `context.scope` is
 * the scopes the app registered, `grantedScopes` those its token carries (LIFF reference, `liff.permission`).
 */
export interface LiffSession {
  context: {
    type: ContextType;
    utouId?: string;
    roomId?: string;
    groupId?: string;
    userId?: string;
    liffId: string;
    endpointUrl: string;
    viewType: ViewType;
    accessTokenHash: string;
    scope: LiffScope[];
    availability: Record<string, { permission: boolean; minVer: string; minOsVer?: string }>;
    /**
     * A LINE MINI App's own URLs (`@line/liff` 2.31's context, read by `liff.permanentLink.createUrlBy`):
     * true for a MINI App, whose links are `https://miniapp.line.me/…`; absent for a LIFF app.
     */
    miniDomainAllowed?: boolean;
    /** A verified MINI App's Custom Path (`cony_coffee`), which its `miniapp.line.me` links name instead of the LIFF ID. */
    miniAppId?: string;
  };
  os: 'ios' | 'android' | 'web';
  language: string;
  lineVersion: string;
  accessToken: string;
  /** The scopes the access token carries: what the person granted (`context.scope` is what the app registered). */
  grantedScopes: LiffScope[];
  idToken?: string;
  hostUrl: string;
  /** Present when the app was opened as a sub window (`liff.subWindow.open`): the main window's `appData`. */
  subWindow?: { appData: Record<string, unknown> };
}

/**
 * What `liff.subWindow.open({url, appData, native})` asks the host for: the LIFF app (`liffId`, the
 * URL's) to show over the app, the `appData` its `getAppData()` answers (plain JSON data), and the
 * view's `height` and close button label (`native`), when given.
 */
export interface SubWindowRequest {
  liffId: string;
  appData: Record<string, unknown>;
  height?: ViewType;
  closeButtonLabel?: string;
}

/**
 * How a sub window ended, as its main window's `liff.subWindow.on` listeners get it (`@liff/sub-window`'s
 * `SUB_WINDOW_STATUS`): `submit` or `cancel` with the sub window's message, `close` with `{}`.
 */
export interface SubWindowEvent {
  status: 'submit' | 'cancel' | 'close';
  result: Record<string, unknown>;
}

/**
 * One event of the person's calendar as it crosses the bridge (`liff.calendar.getEvents`, the
 * native call's shape in `@line/liff` 2.31): its title, its start and end (ms since 1970), all day or not.
 */
export interface WireCalendarEvent {
  title: string;
  startTime: number;
  endTime: number;
  isAllDay: boolean;
}

/**
 * What `liff.calendar.showEventCreationModal(params)` hands the native client (`@line/liff` 2.31):
 * the proposed title, start (`mentionedDate`, ms), end (ms) and all-day flag, each when given.
 */
export interface CalendarEventDraft {
  title?: string;
  mentionedDate?: number;
  endTime?: number;
  isAllDay?: boolean;
}

/**
 * The call and recording states the client reports (`liff.activity`): `version` counts the host's
 * changes (0: none sent yet), `call` and `recording` are absent until the client sent one.
 */
export interface ActivityStates {
  version: number;
  call?: { isActive: boolean };
  recording?: { isActive: boolean };
}

/** Every host method answers with this envelope, so errors cross as data and keep their code. */
export type BridgeResult<T> = { ok: true; value: T } | { ok: false; error: WireError };

/**
 * The options of `liff.requestFriendship` as they cross the bridge (`@line/liff` 2.31's
 * `RequestFriendshipOptions`, flattened as the SDK sends them to its sub window).
 */
export interface FriendshipRequest {
  officialAccountId?: string;
  officialAccountFallback?: boolean;
  templateId?: string;
}

/**
 * One line of the app's console as the host's bridge log shows it: a console call (`level`), an
 * uncaught error or unhandled rejection, or a request (`method`, `url`, `status`, 0 when it
 * failed, `ms`). `at`: ms since 1970. Every value is text or a number, so that nothing the page
 * logged can run or render as markup in the host.
 */
export interface AppLogEntry {
  kind: 'console' | 'error' | 'request';
  text: string;
  at: number;
  level?: 'log' | 'info' | 'warn' | 'error';
  method?: string;
  url?: string;
  status?: number;
  ms?: number;
}

/**
 * What the SDK tolerates as the platform's SDK does, warning instead of failing (real pages call
 * the SDK like the platform's published samples), and the warning both the page's console and the
 * host's bridge log show.
 */
export const NOTICES = {
  'init-without-error-callback':
    'embed.init was called without an errorCallback: the spec requires one (init failures now only reach the console)',
  'get-access-token': "embed.getAccessToken is not in the spec's SDK: it returns null (the host keeps the user access token)",
} as const;
/** One tolerance of {@link NOTICES}. */
export type NoticeKind = keyof typeof NOTICES;

// Limits of the wire: what the SDK keeps and sends, and what the host accepts.

/** Most messages per `sendMessages` call (spec part D, limit "Messages per sendMessages call"). */
export const MAX_MESSAGES = 5;
/**
 * Most entries of one `appLog` call. The SDK keeps at most this many entries until the bridge is up
 * (later ones are dropped), then sends them in one call, then one entry per call.
 */
export const MAX_APP_LOG_ENTRIES = 200;
/** Longest text the SDK keeps of one app log value (`text`, `url`), in characters. */
export const MAX_APP_LOG_TEXT = 1000;
/**
 * Longest string of an app log entry the host accepts, in characters: above
 * {@link MAX_APP_LOG_TEXT}, so that the SDK's cut never makes the host refuse an entry.
 */
export const MAX_APP_LOG_ACCEPTED = 2000;

/**
 * The rules of one argument of a bridge method that the SDK needs too. `T`: its type on the wire,
 * as the SDK posts it and the host's handler receives it. The rules only the host checks (what the
 * wire must carry beyond the spec) live in the host (`host/src/app/bridge/wire.ts`), out of the page's
 * bundle.
 */
export interface ArgumentRule<T = unknown> {
  /**
   * The spec's rule on the app's argument, returning why the value is invalid or `''`: the SDK and
   * the mock refuse a call that breaks it before anything is posted (`INVALID_ARGUMENT`,
   * `embed.<method>: <problem>`), and the host checks it again (`<method>: <problem>`).
   */
  rule?(value: unknown): string;
  /**
   * The value the wire and the handler carry, made from a value that passed the rules: applied by
   * the SDK before posting, and by the host before its handler (any page can post without the SDK).
   * Absent: the value as it is.
   */
  normalize?(checked: unknown): T;
}

/** The kinds of bridge methods: what calls them on the page, and whether the host has a handler. */
export type MethodKind =
  /** A method of the `embed` object (and of its mock) that the host answers with its handler. */
  | 'embed'
  /** The SDK's own report to the host: no handler, the host only shows the call in its bridge log. */
  | 'report'
  /**
   * A call of the plugin for the platform's current SDK (`embedkit/liff`): the host answers it with
   * its handler, the `embed` object has no such method.
   */
  | 'liff'
  /**
   * The page's report of itself that both SDKs send unasked once the bridge is up and again on
   * every change: the host answers it with its handler (the frame it draws), the `embed` object
   * has no such method.
   */
  | 'page';

/**
 * One entry of {@link BRIDGE_METHODS}: the runtime rules of a method that both sides apply, and, as
 * phantom types, its arguments on the wire (`A`) and its result (`R`), from which the host's own
 * table of each method's wire rules, arity text and result (`host/src/app/bridge/wire.ts`) is typed.
 */
export interface BridgeMethod<A extends unknown[] = unknown[], R = unknown, K extends MethodKind = MethodKind> {
  kind: K;
  /** One rule per argument, in order; the host refuses any other number of arguments. */
  params: { [I in keyof A]: ArgumentRule<A[I]> };
  /** Types only, never set: `A` and `R` for the derived types. */
  readonly types?: { args: A; result: R };
}

/**
 * The maker of entries of `kind`: `maker<[argument types on the wire], result type>(...one rule per
 * argument)`, so that the number of rules is the number of arguments.
 */
type Maker<K extends MethodKind> = <A extends unknown[] = [], R = void>(
  ...params: { [I in keyof A]: ArgumentRule<A[I]> }
) => BridgeMethod<A, R, K>;
/** An entry of kind `embed`, e.g. `embedMethod<[], Profile>()`. */
const embedMethod: Maker<'embed'> = (...params) => ({ kind: 'embed', params });
/** An entry of kind `report`. */
const report: Maker<'report'> = (...params) => ({ kind: 'report', params });
/** An entry of kind `liff`. */
const liffMethod: Maker<'liff'> = (...params) => ({ kind: 'liff', params });
/** An entry of kind `page`. */
const pageMethod: Maker<'page'> = (...params) => ({ kind: 'page', params });

/**
 * The methods the host serves over the port, the one source of the bridge: the host's allow-list
 * and argument checks, its handler types, the SDK's calls and the mock are all derived from it. A
 * new method is one entry here plus its handler in the host and its entry in the host's table of
 * wire rules (`host/src/app/bridge/wire.ts`, which the compiler demands), and, for a method of the
 * `embed` object, its documented signature in `Embed`.
 */
export const BRIDGE_METHODS = {
  /**
   * Opens an absolute http(s) URL: in the host's in-app browser, or in a new browser tab when
   * `external` is true. The SDK always posts `external`; the host's handler gets it, false when a
   * call left it out (the spec's default).
   */
  openWindow: embedMethod<[params: { url: string; external: boolean }]>({
    rule: openWindowProblem,
    // Fields other than url and external are dropped: only what the spec defines crosses.
    normalize: (checked) => {
      const { url, external } = checked as OpenWindowParams;
      return { url, external: external === true };
    },
  }),
  /** The signed-in user's profile; unset fields absent, never null. */
  getProfile: embedMethod<[], Profile>(),
  /**
   * Sends 1 to {@link MAX_MESSAGES} message objects to the chat the app was opened from. The host
   * only checks they are plain objects: the server judges the messages (400).
   */
  sendMessages: embedMethod<[messages: unknown[]]>({ rule: messagesRule(MAX_MESSAGES) }),
  /** Closes the app's view. */
  closeWindow: embedMethod(),
  /** A tolerance the SDK applied, so that the host's bridge log warns as the page's console did. */
  notice: report<[kind: NoticeKind]>({}),
  /** What the page logged, threw and requested, for the host's bridge log. */
  appLog: report<[entries: AppLogEntry[]]>({}),
  /** How the app used the `liff` object (`embedkit/liff` only), for a review of the session: one entry a call ({@link LiffTraceEntry}). */
  liffTrace: report<[entry: LiffTraceEntry]>({}),
  /** The page's title, address and history ({@link PageState}), for the frame the host draws around it. */
  pageState: pageMethod<[state: PageState]>({}),
  // The plugin for the platform's current SDK (`embedkit/liff`) also calls getProfile,
  // sendMessages, openWindow and closeWindow above; the host checks the liffId's shape (wire.ts).
  /** `liff.init({liffId})` in the host: the session of the app opened here, when `liffId` is its embed ID. */
  liffInit: liffMethod<[liffId: string], LiffSession>({}),
  /** `liff.getFriendship()`: whether the user is a friend of the app channel's bot. */
  liffFriendship: liffMethod<[], { friendFlag: boolean }>(),
  /** `liff.permission.requestAll()`: the person consents to every scope; the new session's token and scopes. */
  liffRequestAll: liffMethod<[], LiffSession>(),
  /** `liff.scanCodeV2()`: the host asks the person for the code's value; null when they cancel. */
  liffScanCode: liffMethod<[], { value: string | null }>(),
  /**
   * `liff.requestFriendship(options)`: the host asks the person to add the app channel's bot, or
   * the official account `officialAccountId` names (its basic ID, `@…`), with the template's text
   * (a follow event follows). The SDK checked the `@`.
   */
  liffRequestFriendship: liffMethod<[options: FriendshipRequest]>({}),
  /**
   * `liff.createShortcutOnHomeScreen({url, description})`: the host asks the person to add the app's
   * page (its `liff.state`, below the endpoint URL; the SDK checked the URL) to the phone's home screen.
   */
  liffCreateShortcut: liffMethod<[shortcut: { liffState: string; description?: string }]>({}),
  /**
   * `liff.shareTargetPicker(messages, {isMultiple})`: the host shows the person's chats to pick;
   * the messages are sent there as the person. `true` when sent, `false` when cancelled.
   */
  liffShareTargetPicker: liffMethod<[messages: unknown[], isMultiple: boolean], boolean>({ rule: messagesRule(MAX_MESSAGES) }, {}),
  /**
   * `liff.iap.getPlatformProducts({productIds})`: the app's products as the device's store
   * localizes them, by product ID (`{currency, price, productName}`); IDs it does not sell are left out.
   */
  liffIapProducts: liffMethod<[productIds: string[]], Record<string, { currency: string; price: number; productName: string }>>({}),
  /** `liff.iap.requestConsentAgreement()`: true once the person agreed to the in-app purchase terms (now or before), false when they declined. */
  liffIapConsent: liffMethod<[], boolean>(),
  /**
   * `liff.iap.createPayment({productId, orderId})`: the host shows the store's payment sheet for the
   * reserved order; what the person did there (`paid`, `cancelled`, or `failed` and why).
   */
  liffIapPayment: liffMethod<[productId: string, orderId: string], { outcome: 'paid' | 'cancelled' | 'failed'; failure?: string }>({}, {}),
  /** `liff.subWindow.open(params)`: the host shows the LIFF app of `request.liffId` (or the platform's own screen) over the app. */
  liffSubWindowOpen: liffMethod<[request: SubWindowRequest]>({}),
  /** Waits for the sub window the app opened last to end: how it ended (the platform's long-polled `subscribe`), null when another replaced it. */
  liffSubWindowWait: liffMethod<[], SubWindowEvent | null>(),
  /** `liff.subWindow.submit(message)` / `cancel(message)` in a sub window: hands the message to its main window and closes it. */
  liffSubWindowPost: liffMethod<[status: 'submit' | 'cancel', message: Record<string, unknown>], { status: string; result: string }>(
    {},
    {},
  ),
  // `liff.calendar` and `liff.activity` (docs/guide/liff.md, "Calendar and call activity").
  /** `liff.calendar.getEvents({startTime, endTime})` (ms, the SDK checked them): the person's events in the range, and the third-party calendar grant. */
  liffCalendarEvents: liffMethod<
    [range: { startTime: number; endTime: number }],
    { events: WireCalendarEvent[]; isThirdPartyCalendarAccessGranted: boolean }
  >({}),
  /** `liff.calendar.showEventCreationModal(params)`: the host's event-creation sheet; resolves once the person added the event or cancelled. */
  liffCalendarCreate: liffMethod<[draft: CalendarEventDraft]>({}),
  /** The client's call and recording states (`liff.activity`): answers at once when newer than `seen` (a version), else when they next change. */
  liffActivityWait: liffMethod<[seen: number], ActivityStates>({}),
};

type Methods = typeof BRIDGE_METHODS;
/** Name of one bridge method. */
export type HostMethod = keyof Methods;
/** Names of the methods of `kind`. */
export type MethodsOf<K extends MethodKind> = { [M in HostMethod]: Methods[M]['kind'] extends K ? M : never }[HostMethod];
/** Name of a method of the `embed` object. */
export type EmbedMethod = MethodsOf<'embed'>;
/** The arguments of `method` as they cross the wire. */
export type WireArgs<M extends HostMethod> = NonNullable<Methods[M]['types']>['args'];
/** The result of `method`. */
export type WireResult<M extends HostMethod> = NonNullable<Methods[M]['types']>['result'];

/** The allow-list: every method of the map, and nothing else is reachable over the port. */
export const HOST_METHODS = Object.keys(BRIDGE_METHODS) as readonly HostMethod[];
/** The methods of the `embed` object, in the map's order. */
export const EMBED_METHODS = HOST_METHODS.filter((m): m is EmbedMethod => BRIDGE_METHODS[m].kind === 'embed');

/**
 * A table with one value per method of `methods`, made by `make`: the host's api and the mock's
 * host and calls are built with it (the SDK's calls with `Object.fromEntries` alike, for size), so
 * each follows the map. The table's values share one type; where it depends on the method (the
 * result type), the caller narrows the table with a cast to its mapped type, the one place where
 * the map's names meet their types.
 */
export function byMethod<M extends HostMethod, F>(methods: readonly M[], make: (method: M) => F): Record<M, F> {
  return Object.fromEntries(methods.map((m) => [m, make(m)])) as Record<M, F>;
}

/** What the SDK calls through comlink on the host side: each method answers a {@link BridgeResult} envelope. */
export type HostApi = { [M in HostMethod]: (...args: WireArgs<M>) => Promise<BridgeResult<WireResult<M>>> };

/** Narrows an unknown `MessageEvent.data` to a hello of this protocol. */
export function isHello(data: unknown): data is HelloMessage {
  return isProtocolMessage(data) && data.type === 'hello';
}

/** Narrows an unknown `MessageEvent.data` to a welcome of this protocol. */
export function isWelcome(data: unknown): data is WelcomeMessage {
  if (!isProtocolMessage(data) || data.type !== 'welcome') return false;
  const initData = (data as { initData?: unknown }).initData;
  // typeof null is 'object': without the null check a welcome with `initData: null` would pass.
  return typeof initData === 'object' && initData !== null;
}

/** Narrows an unknown `MessageEvent.data` to a message of this protocol of `type`. */
export function isMessageOf<T extends 'liveness' | 'alive'>(
  data: unknown,
  type: T,
): data is T extends 'alive' ? AliveMessage : LivenessMessage {
  return isProtocolMessage(data) && data.type === type && (type !== 'alive' || typeof (data as { token?: unknown }).token === 'string');
}

/** Narrows an unknown `MessageEvent.data` to a {@link PageCommandMessage}. */
export function isPageCommand(data: unknown): data is PageCommandMessage {
  return isProtocolMessage(data) && data.type === 'command' && (data as { command?: unknown }).command === 'back';
}

function isProtocolMessage(data: unknown): data is { protocol: string; version: number; type: string } {
  if (typeof data !== 'object' || data === null) return false;
  const d = data as Record<string, unknown>;
  return d.protocol === PROTOCOL && d.version === PROTOCOL_VERSION && typeof d.type === 'string';
}
