/**
 * The rules of `liff.subWindow` that the plugin applies in the page before the host is asked, as
 * `@line/liff` 2.31's `@liff/sub-window` applies them: which URLs a sub window may open, what of
 * `open`'s parameters crosses to the host, and the main window's listeners of the sub window's events.
 */
import type { SubWindowRequest, ViewType } from '#contract/bridge/protocol.js';
import { LiffError } from '../errors.js';

/** The events a main window's `liff.subWindow.on` listens to (`SUB_WINDOW_STATUS` of `@liff/consts`, but `init`). */
export type SubWindowEventName = 'submit' | 'cancel' | 'close' | 'error';

const LIFF_URL = /^https:\/\/liff\.line\.me\/(\d+-\w+)/;
const MINI_URL = /^https:\/\/miniapp\.line\.me\/((\d+-\w+)|(\w+$))/;
const HEIGHTS: readonly ViewType[] = ['compact', 'tall', 'full'];

/**
 * The LIFF ID a sub window's URL names: `https://liff.line.me/{liffId}…` or
 * `https://miniapp.line.me/{liffId}…` (`extractLiffId` of `@liff/util`); null for any other URL,
 * which `open` refuses.
 */
export function subWindowLiffId(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  const match = LIFF_URL.exec(url) ?? MINI_URL.exec(url);
  return match ? match[1]! : null;
}

/**
 * What `liff.subWindow.open(params)` asks the host for: the URL's LIFF ID, `appData` as JSON carries
 * it (the platform sends it as JSON; `{}` when absent), and `native.height` / `native.closeButtonLabel`
 * when they are of the published kinds (others are left to the host's default).
 * @throws {LiffError} `INVALID_ARGUMENT` "params.url must be liff url or mini url" (the published
 *   text) for a URL that is not a LIFF URL; `INVALID_ARGUMENT` for `appData` JSON cannot carry
 */
export function subWindowRequest(params: unknown): SubWindowRequest {
  const { url, appData, native } = (params ?? {}) as { url?: unknown; appData?: unknown; native?: unknown };
  const liffId = subWindowLiffId(url);
  if (!liffId) throw new LiffError('INVALID_ARGUMENT', 'params.url must be liff url or mini url');
  let data: unknown;
  try {
    data = appData === undefined ? {} : JSON.parse(JSON.stringify(appData));
  } catch {
    throw new LiffError('INVALID_ARGUMENT', 'params.appData must be JSON data');
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data))
    throw new LiffError('INVALID_ARGUMENT', 'params.appData must be an object');
  const request: SubWindowRequest = { liffId, appData: data as Record<string, unknown> };
  const { height, closeButtonLabel } = (native ?? {}) as { height?: unknown; closeButtonLabel?: unknown };
  if (HEIGHTS.includes(height as ViewType)) request.height = height as ViewType;
  if (typeof closeButtonLabel === 'string' && closeButtonLabel) request.closeButtonLabel = closeButtonLabel.slice(0, 100);
  return request;
}

/**
 * A sub window's message as the host gets it (`submit(message)`, `cancel(message)`): JSON data,
 * `{}` when absent.
 * @throws {LiffError} `INVALID_ARGUMENT` for a message that is not a JSON object
 */
export function subWindowMessage(message: unknown): Record<string, unknown> {
  let data: unknown;
  try {
    data = message === undefined ? {} : JSON.parse(JSON.stringify(message));
  } catch {
    throw new LiffError('INVALID_ARGUMENT', 'the message must be JSON data');
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data))
    throw new LiffError('INVALID_ARGUMENT', 'the message must be an object');
  return data as Record<string, unknown>;
}

/** The main window's listeners, by event (`on`, `off`, and the delivery of one event to each). */
export class SubWindowListeners {
  private readonly byEvent = new Map<string, ((payload: unknown) => void)[]>();

  /** Adds `fn` for `event` (twice when added twice, as published). */
  on(event: string, fn: (payload: unknown) => void): void {
    this.byEvent.set(event, [...(this.byEvent.get(event) ?? []), fn]);
  }

  /** Removes one registration of `fn` for `event`. */
  off(event: string, fn: (payload: unknown) => void): void {
    const fns = this.byEvent.get(event) ?? [];
    const at = fns.indexOf(fn);
    if (at >= 0) this.byEvent.set(event, [...fns.slice(0, at), ...fns.slice(at + 1)]);
  }

  /** Calls every listener of `event` with `payload`, in the order they were added. */
  emit(event: SubWindowEventName, payload: unknown): void {
    for (const fn of this.byEvent.get(event) ?? []) fn(payload);
  }
}
