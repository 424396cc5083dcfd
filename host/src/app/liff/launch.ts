/**
 * How an app is opened: the launch setting of the host's device panel and its `launch=` query
 * parameter, and what each launch means for the app. Pure functions, no DOM.
 *
 * The published rules (LINE Developers, "Opening a LIFF app", "The differences between LIFF
 * browser and LINE's in-app browser", the `liff.getContext()` entry of the "LIFF v2 API
 * reference", and `@line/liff` 2.31's own code):
 * - a LIFF URL tapped in the LINE app opens the app in the LIFF browser (`isInClient()` true);
 * - a LIFF URL or endpoint URL opened in an external browser (Safari, Chrome, a desktop browser)
 *   runs the app as a normal web page: `isInClient()` false, no one logged in until `liff.login()`,
 *   then `getContext().type` is `external` (no chat); `getLineVersion()` reads `Line/<version>`
 *   from the browser's user agent, which an external browser does not carry, so it is null;
 * - the LIFF server sends the path below the endpoint URL in the `liff.state` query parameter,
 *   whatever opened the LIFF URL (the primary redirect of "Opening a LIFF app");
 * - `getContext().type` names the screen the app was launched from: `none` for "a screen other
 *   than a chat", such as the Wallet tab.
 *
 * Nothing else in what the platform publishes tells a QR code, a notification or a home-screen
 * shortcut apart: each opens the LIFF URL in the LIFF browser, no chat on screen. So those three
 * launch in the client with the `none` context, and the app sees exactly what it sees when opened
 * from the home tab (docs/guide/liff.md, "How an app is opened").
 */
import type { ContextType } from '#contract/bridge/protocol.js';

/** The ways the host can open the next app, in the device panel's order. */
export const LAUNCH_SOURCES = ['in-client', 'external-browser', 'qr-code', 'notification', 'home-shortcut'] as const;
/** One way of opening an app. */
export type LaunchSource = (typeof LAUNCH_SOURCES)[number];
/** The launch until told otherwise: the LIFF browser, from the chat (or home tab) the state names. */
export const DEFAULT_LAUNCH: LaunchSource = 'in-client';

/** What a launch means for the app opened by it. */
export interface LaunchRule {
  /** How the device panel names it. */
  label: string;
  /** True when the app runs in the messenger's LIFF browser (the host's app view and bridge); false in an external browser (a tab of its own). */
  inClient: boolean;
  /**
   * True when the app is opened from no chat, whatever chat the state names: the session carries
   * the `none` context (no chat id) and `sendMessages` has no chat to send to.
   */
  outsideChat: boolean;
}

const RULES: Readonly<Record<LaunchSource, LaunchRule>> = {
  'in-client': { label: 'In the client (from the chat)', inClient: true, outsideChat: false },
  'external-browser': { label: 'External browser', inClient: false, outsideChat: true },
  'qr-code': { label: 'QR code reader', inClient: true, outsideChat: true },
  notification: { label: 'Notification', inClient: true, outsideChat: true },
  'home-shortcut': { label: 'Home-screen shortcut', inClient: true, outsideChat: true },
};

/** Whether `value` names a launch (the `launch=` query parameter, the device panel's choice). */
export function isLaunchSource(value: unknown): value is LaunchSource {
  return typeof value === 'string' && (LAUNCH_SOURCES as readonly string[]).includes(value);
}

/** The rule of a launch (see the module's comment for the published facts behind each). */
export function launchRule(source: LaunchSource): LaunchRule {
  return RULES[source];
}

/**
 * The state an app is opened with under its launch: the state itself for `in-client`; for a launch
 * from outside any chat, the `none` context and no chat (the screen the app was launched from is
 * not a chat, as `getContext().type` reports it). Other fields are kept.
 */
export function stateForLaunch<S extends { launch: LaunchSource; contextType: ContextType; chatId: string | null }>(state: S): S {
  return launchRule(state.launch).outsideChat ? { ...state, contextType: 'none', chatId: null } : state;
}

/**
 * The address an external browser opens for the app: its endpoint URL, where the LIFF server's
 * primary redirect sends a LIFF URL, with the page below it in `liff.state` when there is one
 * (a permanent link's `/shop?item=7`).
 * @throws TypeError when `endpointUrl` is not an absolute URL
 */
export function externalBrowserUrl(endpointUrl: string, liffState?: string): string {
  if (!liffState) return endpointUrl;
  const url = new URL(endpointUrl);
  url.searchParams.set('liff.state', liffState);
  return url.toString();
}
