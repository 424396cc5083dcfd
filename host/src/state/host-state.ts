/**
 * The host's state (who is signed in, which app, which view, which chat, which language, which
 * scopes), its defaults from the world, and what is derived from it for the platform: the SDK init
 * data and the session request. Pure functions, no DOM.
 */
import type { ContextType, InitData, InitContext, ViewType } from '#contract/bridge/protocol.js';
import { VIEW_TYPES, CONTEXT_TYPES } from '#contract/bridge/protocol.js';
import { chatsOfUser, findApp, findUser, isChatType, type World, type WorldApp } from './world.js';
import type { SessionRequest } from '../simulator-api/phone-api.js';
import { COMMON_PROFILE_SCOPES } from '#contract/common-profile.js';
import { DEFAULT_DEVICE, isAppVersion, isOsVersion, PLATFORMS, type Device } from '../phone/device.js';
import { DEFAULT_LAUNCH, isLaunchSource, stateForLaunch, type LaunchSource } from '../app/liff/launch.js';

/** Language tags the host offers (the messenger's UI languages). */
export const LANGUAGES: readonly string[] = ['en', 'ja', 'th', 'zh-TW', 'id', 'ko'];

/** Scopes a session can ask for (docs/project/simulator-api.md), Quick-fill's `commonprofile.*` last. */
export const SCOPES = ['profile', 'chat_message.write', 'openid', ...COMMON_PROFILE_SCOPES] as const;
/** One scope. */
export type Scope = (typeof SCOPES)[number];
/** The scopes an app registered with none asks for (liff.yml `LiffScope`'s default). */
const DEFAULT_APP_SCOPES: readonly Scope[] = ['profile', 'chat_message.write'];
/**
 * Scopes checked until the user changes them: enough for getProfile and sendMessages, and every
 * Quick-fill scope, as a person who agreed to Quick-fill once (a scope still reaches only an app
 * registered with it, {@link buildSessionRequest}).
 */
export const DEFAULT_SCOPES: readonly Scope[] = [...DEFAULT_APP_SCOPES, ...COMMON_PROFILE_SCOPES];

/**
 * The scopes an app asks for (its registered `scope`, LIFF server API and Quick-fill's), as far
 * as the host's sessions can carry them (`email` is never issued): the published default
 * `profile`, `chat_message.write` when the world names none.
 */
export function appScopes(app: WorldApp): Scope[] {
  const asked: readonly string[] = app.scope ?? DEFAULT_APP_SCOPES;
  return SCOPES.filter((s) => asked.includes(s));
}

/** Everything the controls choose. */
export interface HostState {
  /** Signed-in user. */
  userId: string;
  /** Chosen app; empty when the world has no apps. */
  embedId: string;
  /** View type the app opens with (defaults to the app's registered one). */
  viewType: ViewType;
  /** Where the app is opened from: a chat of this type, or `none` (the home screen). */
  contextType: ContextType;
  /** The chat of `contextType`; null for `none`, or when the user has no chat of that type. */
  chatId: string | null;
  /** Language tag given to the app. */
  language: string;
  /** Scopes of the session, in {@link SCOPES} order. */
  scopes: Scope[];
  /** The client the phone plays (platform, app and OS version): what it renders and allows (phone/device.ts). */
  device: Device;
  /** How the next app is opened: in the client, an external browser, a QR code… (app/liff/launch.ts). */
  launch: LaunchSource;
}

/** A wish for a state: any field may be missing or invalid; {@link resolveState} settles it. */
export type StateRequest = { [K in keyof HostState]?: HostState[K] | null | undefined };

/** The world's default language; the first of {@link LANGUAGES} when the scenario names none. */
export function defaultLanguage(world: World): string {
  return world.defaults.language ?? LANGUAGES[0]!;
}

/** The language tags to offer: {@link LANGUAGES}, plus the world's default when it is another one. */
export function languageOptions(world: World): string[] {
  const fallback = defaultLanguage(world);
  return LANGUAGES.includes(fallback) ? [...LANGUAGES] : [...LANGUAGES, fallback];
}

/**
 * Settles a requested state against the world: unknown or missing values fall back to the
 * defaults, and the chat is always one of the user's chats of the context type.
 *
 * - user: requested if it exists, else `defaults.userId`, else the first user;
 * - app: requested if it exists, else `defaults.embedId`, else the first app (or "" when none);
 * - view: requested if valid, else the app's registered view type (spec part D "view");
 * - context: requested if valid, else `utou`;
 * - chat: null for `none`; else the requested chat when the user is a member and its type matches,
 *   else the user's first chat of that type, else null;
 * - language: requested if offered, else `defaults.language` (else the first of {@link LANGUAGES});
 * - scopes: the requested ones that exist (in canonical order), else {@link DEFAULT_SCOPES};
 * - device: requested if its platform and versions are valid, else {@link DEFAULT_DEVICE};
 * - launch: requested if it is one, else {@link DEFAULT_LAUNCH}.
 */
export function resolveState(world: World, req: StateRequest): HostState {
  const userId =
    (req.userId && findUser(world, req.userId) ? req.userId : undefined) ??
    (findUser(world, world.defaults.userId) ? world.defaults.userId : world.users[0]?.userId) ??
    '';
  const app = (req.embedId ? findApp(world, req.embedId) : undefined) ?? findApp(world, world.defaults.embedId) ?? world.apps[0];
  const viewType = req.viewType && VIEW_TYPES.includes(req.viewType) ? req.viewType : (app?.view.type ?? 'full');
  const contextType = req.contextType && CONTEXT_TYPES.includes(req.contextType) ? req.contextType : 'utou';
  let chatId: string | null = null;
  if (isChatType(contextType)) {
    const chats = chatsOfUser(world, userId, contextType);
    chatId = chats.find((c) => c.chatId === req.chatId)?.chatId ?? chats[0]?.chatId ?? null;
  }
  const languages = languageOptions(world);
  const language = req.language && languages.includes(req.language) ? req.language : defaultLanguage(world);
  const scopes = req.scopes ? SCOPES.filter((s) => req.scopes?.includes(s)) : [...DEFAULT_SCOPES];
  const d = req.device;
  const device =
    d && PLATFORMS.includes(d.platform) && isAppVersion(d.appVersion) && isOsVersion(d.osVersion) ? { ...d } : { ...DEFAULT_DEVICE };
  const launch = isLaunchSource(req.launch) ? req.launch : DEFAULT_LAUNCH;
  return { userId, embedId: app?.embedId ?? '', viewType, contextType, chatId, language, scopes, device, launch };
}

/**
 * Why the app cannot be opened in this state, or null when it can: a chat context needs a chat of
 * that type (unless the launch is from outside any chat, `stateForLaunch`), and there must be an app.
 */
export function cannotOpenReason(state: HostState): string | null {
  if (!state.embedId) return 'The scenario has no apps.';
  const opened = stateForLaunch(state);
  if (isChatType(opened.contextType) && !opened.chatId) return `This user has no ${opened.contextType} chat.`;
  return null;
}

/**
 * The SDK init data for an app opened in this state (spec part D, "SDK init data"):
 * `{language, context: {type, viewType, userId, utouId | roomId | groupId}}`, where `userId` is
 * absent for `none` and exactly one of the chat ids is present, named by the context type.
 * Throws when a chat context has no chat (see {@link cannotOpenReason}).
 */
export function buildInitData(state: HostState): InitData {
  const context: InitContext = { type: state.contextType, viewType: state.viewType };
  if (isChatType(state.contextType)) {
    if (!state.chatId) throw new Error(`no ${state.contextType} chat to open the app in`);
    context.userId = state.userId;
    const key = ({ utou: 'utouId', room: 'roomId', group: 'groupId' } as const)[state.contextType];
    context[key] = state.chatId;
  }
  return { language: state.language, context };
}

/**
 * The session request that signs the user in to `app`'s channel, bound to the state's chat, with
 * the scopes the person consents to (`state.scopes`) among those the app asks for ({@link appScopes}):
 * as on the platform, a token never carries a scope the app was not registered with.
 */
export function buildSessionRequest(state: HostState, app: WorldApp): SessionRequest {
  const context: NonNullable<SessionRequest['context']> = { type: state.contextType };
  if (isChatType(state.contextType) && state.chatId) context.chatId = state.chatId;
  const asked = appScopes(app);
  return { userId: state.userId, channelId: app.channelId, scopes: state.scopes.filter((s) => asked.includes(s)), context };
}
