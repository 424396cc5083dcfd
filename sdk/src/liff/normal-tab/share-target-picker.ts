/**
 * `liff.shareTargetPicker()` outside the messenger (a normal tab, logged in with `liff.login()`), as
 * `@line/liff` 2.31 serves it in an external browser (`@liff/share-target-picker`): it opens a
 * pop-up at once (so the browser counts the person's click), buys a one-time ticket with the user
 * access token (`GET /liff/v2/apps/{liffId}/ott`), sends the pop-up to the picker page of the
 * embedkit server with it, and talks to the page by `postMessage`: a health check until the page
 * answers, then the messages, then the page's result. Messages are read only from the pop-up and
 * from the server's origin; the page accepts the app's only from the app's own origins.
 * Sent: `{status: 'success'}`; cancelled or closed: `false`, as in the host.
 */
import { LiffError } from '../errors.js';
import { platformGet } from './web-login.js';

/** The `type` of every message between the app and the picker page (the server's `PICKER_MESSAGE_TYPE`). */
export const PICKER_MESSAGE_TYPE = 'embedkit-share-target-picker';
/** How often the app checks on the pop-up (closed?) and greets the page until it answers, in ms (the published SDK: 1 s). */
export const HEALTH_CHECK_MS = 500;
/** How long the app waits for the picker's result, in ms: the published SDK's 10 minutes. */
export const PICKER_TIMEOUT_MS = 10 * 60_000;

/** How the picker ended, as the page reports it. */
export type PickerResult = { status: 'success' } | { status: 'cancel' } | { status: 'failure'; message: string };

/** A message of the picker page the app acts on. */
export type PickerReply = { name: 'receivedHealthcheck' } | { name: 'result'; result: PickerResult };

/** The picker page's address for a ticket: the platform's picker path on the embedkit server. */
export function pickerUrl(server: string, liffId: string, ott: string): string {
  const url = new URL('/oauth2/v2.1/liff/shareTargetPicker', server);
  url.search = new URLSearchParams({ liffId, ott }).toString();
  return url.href;
}

/**
 * What a `message` event says, when it is the picker page's: sent by `popup`, from the server's
 * origin, with the picker's type; anything else (another window, another origin, another shape) is
 * null and ignored.
 */
export function readPickerReply(
  event: { source: unknown; origin: string; data: unknown },
  popup: unknown,
  serverOrigin: string,
): PickerReply | null {
  if (event.source !== popup || event.origin !== serverOrigin) return null;
  const data = event.data as { type?: unknown; name?: unknown; body?: { status?: unknown; message?: unknown } } | null;
  if (!data || typeof data !== 'object' || data.type !== PICKER_MESSAGE_TYPE) return null;
  if (data.name === 'receivedHealthcheck') return { name: 'receivedHealthcheck' };
  if (data.name !== 'result') return null;
  const status = data.body?.status;
  if (status === 'success' || status === 'cancel') return { name: 'result', result: { status } };
  if (status === 'failure') return { name: 'result', result: { status, message: String(data.body?.message ?? '') } };
  return null;
}

/**
 * The features of the pop-up, as `@line/liff` 2.31 opens it (`liffpopup`, 480 × 640); on an
 * iPhone it opens a plain new window.
 */
export function popupFeatures(os: string, userAgent: string): string | undefined {
  return os === 'ios' && !/iPad/.test(userAgent) ? undefined : 'width=480, height=640, menubar=no, toolbar=no, scrollbars=yes';
}

/** Ends the picker this page has open, if any. */
let endOpenPicker: (() => void) | undefined;

/**
 * Runs the picker in a pop-up. Call it from the person's click (the pop-up opens before any await).
 * @param o `server`: the embedkit server's origin; `accessToken`: the web login's token; `messages`
 *   checked already (1 to 5 objects)
 * @returns true when sent, false when the person cancelled or closed the pop-up
 * @throws {LiffError} `CREATE_SUBWINDOW_FAILED` (empty message) when the browser blocked the pop-up,
 *   as the published SDK; the ticket call's HTTP status as its code; `EXCEPTION_IN_SUBWINDOW` when the
 *   send failed (the server's reason) or after {@link PICKER_TIMEOUT_MS}
 */
export async function pickInPopup(o: {
  server: string;
  liffId: string;
  accessToken: string;
  messages: readonly unknown[];
  isMultiple: boolean;
  os: string;
}): Promise<boolean> {
  // One picker at a time, as the published SDK keeps one: a new call ends the open one (false).
  endOpenPicker?.();
  const features = popupFeatures(o.os, navigator.userAgent);
  const popup = features === undefined ? window.open() : window.open('', 'liffpopup', features);
  if (!popup) throw new LiffError('CREATE_SUBWINDOW_FAILED', '');
  let ott: string;
  try {
    ({ ott } = await platformGet<{ ott: string }>(
      o.server,
      `/liff/v2/apps/${encodeURIComponent(o.liffId)}/ott`,
      o.accessToken,
      'shareTargetPicker',
    ));
  } catch (error) {
    popup.close();
    throw error;
  }
  const serverOrigin = new URL(o.server).origin;
  popup.location.href = pickerUrl(o.server, o.liffId, ott);
  const say = (name: string, body?: unknown) => {
    try {
      // Delivered only while the pop-up shows the server's page: the target origin says so.
      popup.postMessage({ type: PICKER_MESSAGE_TYPE, name, ...(body === undefined ? {} : { body }) }, serverOrigin);
    } catch {
      // A pop-up between two pages throws nothing useful; the next check tries again.
    }
  };
  return new Promise<boolean>((resolve, reject) => {
    const started = Date.now();
    const finish = (outcome: () => void) => {
      if (endOpenPicker === end) endOpenPicker = undefined;
      window.removeEventListener('message', onMessage);
      clearInterval(timer);
      if (!popup.closed) popup.close();
      outcome();
    };
    const end = () => finish(() => resolve(false));
    endOpenPicker = end;
    const onMessage = (event: MessageEvent) => {
      const reply = readPickerReply(event, popup, serverOrigin);
      if (!reply) return;
      if (reply.name === 'receivedHealthcheck') return say('ready', { messages: o.messages, isMultiple: o.isMultiple });
      const { result } = reply;
      if (result.status === 'success') finish(() => resolve(true));
      else if (result.status === 'cancel') end();
      else finish(() => reject(new LiffError('EXCEPTION_IN_SUBWINDOW', `liff.shareTargetPicker: ${result.message}`)));
    };
    const timer = setInterval(() => {
      if (popup.closed) return end();
      if (Date.now() - started >= PICKER_TIMEOUT_MS)
        return finish(() =>
          reject(new LiffError('EXCEPTION_IN_SUBWINDOW', `Timeout: not finished within ${PICKER_TIMEOUT_MS / 60_000}min`)),
        );
      say('healthcheck');
    }, HEALTH_CHECK_MS);
    window.addEventListener('message', onMessage);
  });
}
