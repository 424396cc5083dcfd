/**
 * The host's URL state: `?app=<embedId>&view=<type>&context=<type>&user=<userId>&lang=<tag>&chat=<chatId>`
 * plus `scope=<space-separated scopes>` when they differ from the defaults, and
 * `device=<platform>-<appVersion>-<osVersion>` when the phone plays another client than the default,
 * and `launch=<external-browser|qr-code|notification|home-shortcut>` when the next app is not opened
 * in the client from the chat (app/liff/launch.ts).
 *
 * `app` present means "this app is open": on load the host opens it at once. Pure functions.
 */
import { CONTEXT_TYPES, VIEW_TYPES, type ContextType, type ViewType } from '#contract/bridge/protocol.js';
import { DEFAULT_DEVICE, parseDevice, sameDevice, serializeDevice, type Device } from '../phone/device.js';
import { DEFAULT_LAUNCH, isLaunchSource, type LaunchSource } from '../app/liff/launch.js';
import { DEFAULT_SCOPES, SCOPES, type HostState, type Scope, type StateRequest } from './host-state.js';

/** What a host URL says; every field is optional and already checked for its kind. */
export interface DeepLink {
  app?: string;
  view?: ViewType;
  context?: ContextType;
  user?: string;
  lang?: string;
  chat?: string;
  scopes?: Scope[];
  device?: Device;
  /** How the next app is opened (`launch=`); absent: in the client. */
  launch?: LaunchSource;
  /**
   * `liff.state` of a permanent link of an app on the platform's current SDK (docs/guide/liff.md): the
   * page below the app's endpoint URL to open. Read once when the host loads, never written back.
   */
  liffState?: string;
  /**
   * `open=`: an app's own platform URL (`https://miniapp.line.me/…`, `https://liff.line.me/…`) to
   * open as the host loads, as the address or a QR code opens it (`app/liff/liff-urls.ts`). Read
   * once, never written back.
   */
  open?: string;
}

/**
 * Reads a query string (`location.search`, with or without the leading `?`).
 * Empty values are ignored; `view` and `context` outside their enums are ignored; unknown scopes
 * are dropped (an empty `scope=` means "no scopes"); a `launch` that names no launch is ignored. The world is not consulted here: ids are
 * checked by `resolveState`.
 */
export function parseDeepLink(search: string): DeepLink {
  const params = new URLSearchParams(search);
  const text = (name: string): string | undefined => {
    const v = params.get(name)?.trim();
    return v ? v : undefined;
  };
  const link: DeepLink = {};
  const app = text('app');
  if (app) link.app = app;
  const view = text('view');
  if (view && (VIEW_TYPES as readonly string[]).includes(view)) link.view = view as ViewType;
  const context = text('context');
  if (context && (CONTEXT_TYPES as readonly string[]).includes(context)) link.context = context as ContextType;
  const user = text('user');
  if (user) link.user = user;
  const lang = text('lang');
  if (lang) link.lang = lang;
  const chat = text('chat');
  if (chat) link.chat = chat;
  const scope = params.get('scope');
  if (scope !== null) {
    const asked = scope.split(/[\s,]+/);
    link.scopes = SCOPES.filter((s) => asked.includes(s));
  }
  const device = text('device');
  const parsed = device ? parseDevice(device) : null;
  if (parsed) link.device = parsed;
  const launch = text('launch');
  if (isLaunchSource(launch)) link.launch = launch;
  const liffState = text('liff.state');
  if (liffState?.startsWith('/')) link.liffState = liffState;
  const open = text('open');
  if (open) link.open = open;
  return link;
}

/**
 * Writes a deep link as a query string with a leading `?` (or "" when empty), in a fixed order:
 * app, view, context, user, lang, chat, scope, device, launch.
 */
export function serializeDeepLink(link: DeepLink): string {
  const params = new URLSearchParams();
  if (link.app) params.set('app', link.app);
  if (link.view) params.set('view', link.view);
  if (link.context) params.set('context', link.context);
  if (link.user) params.set('user', link.user);
  if (link.lang) params.set('lang', link.lang);
  if (link.chat) params.set('chat', link.chat);
  if (link.scopes) params.set('scope', link.scopes.join(' '));
  if (link.device) params.set('device', serializeDevice(link.device));
  if (link.launch) params.set('launch', link.launch);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/**
 * The deep link of a state. `app` is written only while the app is open (`appOpen`), so that
 * reloading the link reopens what was on screen; `scope`, `device` and `launch` only when they differ from the defaults;
 * `chat` only for a chat context.
 */
export function deepLinkOfState(state: HostState, appOpen: boolean): DeepLink {
  const link: DeepLink = { view: state.viewType, context: state.contextType, user: state.userId, lang: state.language };
  if (appOpen && state.embedId) link.app = state.embedId;
  if (state.contextType !== 'none' && state.chatId) link.chat = state.chatId;
  const defaultScopes = state.scopes.length === DEFAULT_SCOPES.length && DEFAULT_SCOPES.every((s) => state.scopes.includes(s));
  if (!defaultScopes) link.scopes = [...state.scopes];
  if (!sameDevice(state.device, DEFAULT_DEVICE)) link.device = { ...state.device };
  if (state.launch !== DEFAULT_LAUNCH) link.launch = state.launch;
  return link;
}

/** The state a deep link asks for, to be settled by `resolveState`. */
export function stateRequestOfDeepLink(link: DeepLink): StateRequest {
  return {
    userId: link.user,
    embedId: link.app,
    viewType: link.view,
    contextType: link.context,
    chatId: link.chat,
    language: link.lang,
    scopes: link.scopes,
    device: link.device,
    launch: link.launch,
  };
}
