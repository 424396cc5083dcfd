/**
 * The wire protocol between an embedded page (the SDK) and the host shell.
 *
 * Shared by `sdk/` and `host/`: both sides import these types and constants, so a change here
 * is a change of the protocol and must bump {@link PROTOCOL_VERSION}.
 *
 * Handshake (see shared/docs/architecture.md, "The bridge"):
 * 1. SDK → `window.parent`: one {@link HelloMessage} (no data).
 * 2. Host checks `event.source` (the app frame it opened) and `event.origin` (exact origin of the
 *    registered view URL), then answers with a {@link WelcomeMessage} and a transferred
 *    `MessagePort`, posted with that exact `targetOrigin`.
 * 3. All later calls run over the port with comlink; the host exposes {@link HOST_METHODS} only.
 */

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
 * The liveness rule (issue 16): when the app frame loads a page after a hello, the host asks the
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

/** Every host method answers with this envelope, so errors cross as data and keep their code. */
export type BridgeResult<T> = { ok: true; value: T } | { ok: false; error: WireError };

/** The methods the host exposes over the port: the allow-list, nothing else is reachable. */
export const HOST_METHODS = ['openWindow', 'getProfile', 'sendMessages', 'closeWindow', 'notice', 'appLog'] as const;
/** Name of one host method. */
export type HostMethod = (typeof HOST_METHODS)[number];

/** What the SDK calls through comlink on the host side. */
export interface HostApi {
  openWindow(params: OpenWindowParams): Promise<BridgeResult<void>>;
  getProfile(): Promise<BridgeResult<Profile>>;
  /** `messages`: 1 to 5 message objects (spec part D, limit "Messages per sendMessages call"). */
  sendMessages(messages: unknown[]): Promise<BridgeResult<void>>;
  closeWindow(): Promise<BridgeResult<void>>;
  /** The SDK tells the host of a tolerance it applied (issue 16), so its bridge log can warn too. */
  notice(kind: NoticeKind): Promise<BridgeResult<void>>;
  /** What the page logged, threw and requested (issue 16), for the host's bridge log. */
  appLog(entries: AppLogEntry[]): Promise<BridgeResult<void>>;
}

/**
 * One line of the app's console as the host shows it (issue 16): a console call (`level`), an
 * uncaught error or unhandled rejection, or a request (`method`, `url`, `status`, 0 when it
 * failed, `ms`). `at`: ms since 1970. Every value is text or a number.
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
 * What the SDK tolerates as the platform's SDK does, warning instead of failing (issue 16), and
 * the warning both the page's console and the host's bridge log show.
 */
export const NOTICES = {
  'init-without-error-callback':
    'embed.init was called without an errorCallback: the spec requires one (init failures now only reach the console)',
  'get-access-token': "embed.getAccessToken is not in the spec's SDK: it returns null (the host keeps the user access token)",
} as const;
/** One tolerance of {@link NOTICES}. */
export type NoticeKind = keyof typeof NOTICES;

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

function isProtocolMessage(data: unknown): data is { protocol: string; version: number; type: string } {
  if (typeof data !== 'object' || data === null) return false;
  const d = data as Record<string, unknown>;
  return d.protocol === PROTOCOL && d.version === PROTOCOL_VERSION && typeof d.type === 'string';
}
