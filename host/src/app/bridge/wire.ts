/**
 * What only the host knows of each bridge method: the rules the wire must follow beyond the spec,
 * the text of its refusal of a wrong number of arguments, and whether a result crosses. One entry
 * per method of the map of bridge methods (`BRIDGE_METHODS`, `contract/src/bridge/protocol.ts`), and the type
 * of {@link WIRE} is derived from the map, so a method added there does not compile until it has
 * its entry here.
 *
 * These rules live in the host, not in the map, because the SDK imports the map: whatever the map
 * references rides in every app page's script-tag bundle, and the page never applies these.
 */
import {
  MAX_APP_LOG_ACCEPTED,
  MAX_APP_LOG_ENTRIES,
  MAX_PAGE_TITLE,
  MAX_PAGE_URL,
  NOTICES,
  type HostMethod,
  type MethodsOf,
  type WireArgs,
  type WireResult,
} from '#contract/bridge/protocol.js';
import { asTraceEntry, MAX_TRACE_JSON } from '#contract/bridge/trace.js';

/** The length of `value`'s JSON; Infinity when it has none. */
function jsonLength(value: unknown): number {
  try {
    return JSON.stringify(value)?.length ?? Infinity;
  } catch {
    return Infinity;
  }
}

/** A rule only the host checks, after the argument's spec rule: why the value is invalid, or `''`. */
export type WireRule = (value: unknown) => string;

/** Wire rules of arguments `A`, at most one per argument, in order (a tuple, as `A` is). */
type RulesOf<A extends unknown[]> = { [I in keyof A]?: WireRule };
/** The wire rules of method `M`. */
type WireRules<M extends HostMethod> = RulesOf<WireArgs<M>>;

/**
 * The host's entry of method `M`:
 * - `expects`: the refusal of a wrong number of arguments, `<method>: expects <expects>`; required
 *   exactly when the method takes arguments (without any: "expects no argument");
 * - `wireRules`: the rules of the arguments only the host checks; required, one per argument, for
 *   the SDK's reports, whose arguments no spec rule checks;
 * - `answers: true` exactly when the method has a result: the handler's value is sent back; for
 *   the others the result is undefined, whatever the handler returned.
 */
export type WireEntry<M extends HostMethod> = (WireArgs<M> extends []
  ? { expects?: never; wireRules?: [] }
  : { expects: string } & (M extends MethodsOf<'report'> ? { wireRules: Required<WireRules<M>> } : { wireRules?: WireRules<M> })) &
  ([WireResult<M>] extends [void] ? { answers?: never } : { answers: true });

const APP_LOG_EXPECTS = `one array of at most ${MAX_APP_LOG_ENTRIES} log entries {kind, text, at, ...}`;
const TRACE_EXPECTS = `one trace entry {kind, at, ...} of at most ${MAX_TRACE_JSON} characters of JSON`;
const NOTICE_EXPECTS = `one of ${Object.keys(NOTICES).join(', ')}`;

/** The host's entry of every method of the map (see {@link WireEntry}). */
export const WIRE: { [M in HostMethod]: WireEntry<M> } = {
  openWindow: { expects: 'one argument {url, external?}' },
  getProfile: { answers: true },
  // The server judges the messages (400); the host only makes sure they are plain data.
  sendMessages: { expects: 'one argument, an array of messages', wireRules: [plainMessagesProblem] },
  closeWindow: {},
  notice: {
    expects: NOTICE_EXPECTS,
    wireRules: [(kind) => (typeof kind === 'string' && Object.hasOwn(NOTICES, kind) ? '' : `expects ${NOTICE_EXPECTS}`)],
  },
  appLog: {
    expects: APP_LOG_EXPECTS,
    wireRules: [(entries) => (isAppLog(entries, MAX_APP_LOG_ENTRIES, MAX_APP_LOG_ACCEPTED) ? '' : `expects ${APP_LOG_EXPECTS}`)],
  },
  liffTrace: {
    expects: TRACE_EXPECTS,
    wireRules: [(entry) => (asTraceEntry(entry) && jsonLength(entry) <= MAX_TRACE_JSON ? '' : `expects ${TRACE_EXPECTS}`)],
  },
  pageState: { expects: 'one argument, {title, url, canGoBack}', wireRules: [pageStateProblem] },
  liffInit: { expects: 'one argument, the liffId (an embed ID)', wireRules: [liffIdProblem], answers: true },
  liffFriendship: { answers: true },
  liffRequestAll: { answers: true },
  liffScanCode: { answers: true },
  liffCreateShortcut: {
    expects: 'one argument, {liffState, description?}: the page below the endpoint URL, as a permanent link carries it',
    wireRules: [shortcutProblem],
  },
  liffRequestFriendship: {
    expects: 'one argument, the options {officialAccountId?, officialAccountFallback?, templateId?}',
    wireRules: [friendshipRequestProblem],
  },
  liffShareTargetPicker: {
    expects: 'two arguments, an array of messages and isMultiple',
    wireRules: [plainMessagesProblem, (multiple) => (typeof multiple === 'boolean' ? '' : 'isMultiple must be a boolean')],
    answers: true,
  },
  liffIapProducts: { expects: 'one argument, an array of product IDs', wireRules: [productIdsProblem], answers: true },
  liffIapConsent: { answers: true },
  liffIapPayment: {
    expects: 'two arguments, the productId and the orderId',
    wireRules: [idProblem('productId'), idProblem('orderId')],
    answers: true,
  },
  liffSubWindowOpen: {
    expects: 'one argument, {liffId, appData, height?, closeButtonLabel?}',
    wireRules: [subWindowRequestProblem],
  },
  liffSubWindowWait: { answers: true },
  liffSubWindowPost: {
    expects: 'two arguments, submit or cancel and the message',
    wireRules: [
      (status) => (status === 'submit' || status === 'cancel' ? '' : 'the status must be submit or cancel'),
      jsonObjectProblem('message'),
    ],
    answers: true,
  },
  liffCalendarEvents: { expects: 'one argument, {startTime, endTime} in ms', wireRules: [calendarRangeProblem], answers: true },
  liffCalendarCreate: { expects: 'one argument, {title?, mentionedDate?, endTime?, isAllDay?}', wireRules: [calendarDraftProblem] },
  liffActivityWait: {
    expects: 'one argument, the version last seen',
    wireRules: [(seen) => (Number.isSafeInteger(seen) && (seen as number) >= 0 ? '' : 'seen must be a version, an integer of 0 or more')],
    answers: true,
  },
};

/**
 * Wire rule of a page's report of itself: `title` a string of at most {@link MAX_PAGE_TITLE}
 * characters, `url` an absolute http(s) URL of at most {@link MAX_PAGE_URL}, `canGoBack` a boolean.
 */
export function pageStateProblem(state: unknown): string {
  if (state === null || typeof state !== 'object' || Array.isArray(state)) return 'the page state must be an object';
  const { title, url, canGoBack } = state as Record<string, unknown>;
  if (typeof title !== 'string' || title.length > MAX_PAGE_TITLE) return `title must be a string of at most ${MAX_PAGE_TITLE} characters`;
  if (typeof url !== 'string' || url.length > MAX_PAGE_URL || !/^https?:\/\//i.test(url)) return "url must be the page's http(s) address";
  if (typeof canGoBack !== 'boolean') return 'canGoBack must be a boolean';
  return '';
}

/** A time as the calendar's calls carry it: ms since 1970, an integer of 0 or more. */
const isTime = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;

/** Wire rule of `liff.calendar.getEvents`' range: `startTime` and `endTime` times (ms), the start not after the end. */
export function calendarRangeProblem(range: unknown): string {
  if (range === null || typeof range !== 'object' || Array.isArray(range)) return 'the range must be an object';
  const { startTime, endTime } = range as Record<string, unknown>;
  if (!isTime(startTime) || !isTime(endTime)) return 'startTime and endTime must be times in ms';
  return (startTime as number) <= (endTime as number) ? '' : 'startTime must not be later than endTime';
}

/** Wire rule of `liff.calendar.showEventCreationModal`'s proposal: a title of at most 1000 characters, times in ms, a boolean all-day flag, each when present. */
export function calendarDraftProblem(draft: unknown): string {
  if (draft === null || typeof draft !== 'object' || Array.isArray(draft)) return 'the event must be an object';
  const { title, mentionedDate, endTime, isAllDay } = draft as Record<string, unknown>;
  if (title !== undefined && (typeof title !== 'string' || title.length > 1000)) return 'title must be a string of at most 1000 characters';
  if ((mentionedDate !== undefined && !isTime(mentionedDate)) || (endTime !== undefined && !isTime(endTime)))
    return 'mentionedDate and endTime must be times in ms';
  if (isAllDay !== undefined && typeof isAllDay !== 'boolean') return 'isAllDay must be a boolean';
  return '';
}

/** Largest `appData` or sub window message the host carries, in characters of its JSON. */
const MAX_SUB_WINDOW_DATA = 100_000;

/** Wire rule of JSON data crossing between two windows (`appData`, a message): a plain object of at most {@link MAX_SUB_WINDOW_DATA} characters of JSON. */
function jsonObjectProblem(name: string): WireRule {
  return (value) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value) || !isPlainObject(value)) return `${name} must be an object`;
    try {
      return JSON.stringify(value).length <= MAX_SUB_WINDOW_DATA ? '' : `${name} must be at most ${MAX_SUB_WINDOW_DATA} characters of JSON`;
    } catch {
      return `${name} must be JSON data`;
    }
  };
}

/**
 * Wire rule of `liff.subWindow.open`'s request: `liffId` a LIFF ID (`{channelId}-{id}`, or a MINI
 * App's own ID), `appData` JSON data, `height` a view type and `closeButtonLabel` a string of at
 * most 100 characters, each when present.
 */
export function subWindowRequestProblem(request: unknown): string {
  if (request === null || typeof request !== 'object' || Array.isArray(request)) return 'the request must be an object';
  const { liffId, appData, height, closeButtonLabel } = request as Record<string, unknown>;
  if (typeof liffId !== 'string' || !/^[\w-]{1,100}$/.test(liffId)) return 'liffId must be a LIFF ID';
  const data = jsonObjectProblem('appData')(appData);
  if (data) return data;
  if (height !== undefined && height !== 'compact' && height !== 'tall' && height !== 'full') return 'height must be compact, tall or full';
  if (closeButtonLabel !== undefined && (typeof closeButtonLabel !== 'string' || closeButtonLabel.length > 100))
    return 'closeButtonLabel must be a string of at most 100 characters';
  return '';
}

/** Wire rule of `liff.iap.getPlatformProducts`'s product IDs: an array of at most 100 non-empty strings of at most 100 characters. */
export function productIdsProblem(ids: unknown): string {
  return Array.isArray(ids) && ids.length <= 100 && ids.every((id) => typeof id === 'string' && id.length > 0 && id.length <= 100)
    ? ''
    : 'productIds must be an array of at most 100 product IDs';
}

/**
 * Wire rule of `liff.requestFriendship`'s options: a plain object whose `officialAccountId` (a
 * basic ID, `@` first) and `templateId` are strings of at most 100 characters and whose
 * `officialAccountFallback` is a boolean, each when present.
 */
export function friendshipRequestProblem(options: unknown): string {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) return 'the options must be an object';
  const { officialAccountId: id, officialAccountFallback: fallback, templateId } = options as Record<string, unknown>;
  if (id !== undefined && (typeof id !== 'string' || !id.startsWith('@') || id.length > 100))
    return 'officialAccount.id must be a basic ID starting with "@"';
  if (fallback !== undefined && typeof fallback !== 'boolean') return 'officialAccount.fallback must be a boolean';
  if (templateId !== undefined && (typeof templateId !== 'string' || templateId.length === 0 || templateId.length > 100))
    return 'template.id must be a non-empty string';
  return '';
}

/** Wire rule of a home-screen shortcut: `liffState` a path (`/` first) of at most 2000 characters, `description` a string of at most 100 when present. */
export function shortcutProblem(shortcut: unknown): string {
  if (shortcut === null || typeof shortcut !== 'object' || Array.isArray(shortcut)) return 'the shortcut must be an object';
  const { liffState, description } = shortcut as Record<string, unknown>;
  if (typeof liffState !== 'string' || !liffState.startsWith('/') || liffState.length > 2000)
    return 'liffState must be a path below the endpoint URL';
  if (description !== undefined && (typeof description !== 'string' || description.length > 100)) return 'description must be a string';
  return '';
}

/** Wire rule of an ID argument (`productId`, `orderId`): a non-empty string of at most 100 characters. */
function idProblem(name: string): WireRule {
  return (id) => (typeof id === 'string' && id.length > 0 && id.length <= 100 ? '' : `${name} must be a non-empty string`);
}

/**
 * Wire rule of `liff.init`'s liffId: an embed ID (`1650000001-AbCd1234`, the platform's LIFF ID
 * shape; a scenario may name its apps with any id of 1 to 100 characters).
 */
export function liffIdProblem(liffId: unknown): string {
  return typeof liffId === 'string' && liffId.length > 0 && liffId.length <= 100
    ? ''
    : 'liffId must be an embed ID like 1650000001-AbCd1234';
}

/**
 * Wire rule of messages that passed the spec's rule (an array of objects): each is a plain object
 * (prototype `Object.prototype` or null), what structured clone makes of a JSON-like message.
 */
export function plainMessagesProblem(messages: unknown): string {
  return (messages as object[]).every(isPlainObject) ? '' : 'each message must be a plain object';
}

/**
 * True when `entries` is an array of at most `maxEntries` entries of the app's console
 * (`AppLogEntry` of the protocol): a known kind and level, text and finite numbers only, every string at most
 * `maxChars` characters.
 */
export function isAppLog(entries: unknown, maxEntries: number, maxChars: number): boolean {
  const shortText = (v: unknown) => v === undefined || (typeof v === 'string' && v.length <= maxChars);
  const num = (v: unknown) => v === undefined || (typeof v === 'number' && Number.isFinite(v));
  const isEntry = (e: unknown) => {
    if (typeof e !== 'object' || e === null || !isPlainObject(e)) return false;
    const x = e as Record<string, unknown>;
    return (
      (x.kind === 'console' || x.kind === 'error' || x.kind === 'request') &&
      typeof x.text === 'string' &&
      shortText(x.text) &&
      typeof x.at === 'number' &&
      (x.level === undefined || x.level === 'log' || x.level === 'info' || x.level === 'warn' || x.level === 'error') &&
      shortText(x.method) &&
      shortText(x.url) &&
      num(x.status) &&
      num(x.ms)
    );
  };
  return Array.isArray(entries) && entries.length <= maxEntries && entries.every(isEntry);
}

function isPlainObject(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
