/**
 * The `liff.permission` member and the permission check `@line/liff` 2.31 puts before
 * `getProfile`, `getFriendship` and `sendMessages` (`@liff/permission`'s `query`, `requestAll`,
 * `getGrantedAll` and `attachChecker`): the scopes the app registered (`getContext().scope`)
 * against those its token carries, and the host's permission request screen for the rest when
 * the channel consent simplification is in effect (the LIFF reference's `liff.permission`,
 * docs/platform/authorization-flow.md).
 */
import { LiffError, needLogin } from '../errors.js';
import type { Liff } from '../liff-types.js';
import { isApiAvailable } from '../rules/availability.js';
import type { MemberKit } from './kit.js';

/** `@line/liff`'s `PERMISSION_NAMES`: the names `query` accepts. */
export const PERMISSION_NAMES = ['profile', 'chat_message.write', 'openid', 'email'] as const;
type PermissionName = (typeof PERMISSION_NAMES)[number];

/** The published answer of `permission.query`. */
export type PermissionState = 'granted' | 'prompt' | 'unavailable';

/** The published text of a denied permission request screen (`UNAUTHORIZED`). */
export const DENIED = "user didn't allow the agreement";

/** What the members share of the permission rules: the published `query`, `requestAll` and `attachChecker`. */
export interface PermissionRules {
  query(permission: string): Promise<PermissionState>;
  requestAll(): Promise<void>;
  getGrantedAll(): string[];
  /**
   * `attachChecker(fn, permission)`: `fn` behind the published check. `unavailable` rejects
   * `FORBIDDEN` "The permission is not in LIFF app scope."; `prompt` with the simplification
   * available brings the permission request screen first (`requestAll`; a Deny rejects the call
   * `UNAUTHORIZED`), unless the last argument is `{ignorePermissionCheck: true}` (then dropped) or
   * it is `chat_message.write` outside the client.
   */
  checked<A extends unknown[], R>(fn: (...args: A) => Promise<R>, permission: PermissionName): (...args: A) => Promise<R>;
}

/** The rules over the plugin's state: what `init` or the web login gave. */
export function permissionRules({ state, bridge, environment }: MemberKit): PermissionRules {
  /** `getContext().scope`: the scopes the app registered (in a normal tab, the login's). */
  const registered = (): readonly string[] => state.session?.context.scope ?? state.web?.scope ?? [];
  /** The scopes the token carries: the host session's, or the web login's. */
  const granted = (): string[] => {
    if (state.session) return [...state.session.grantedScopes];
    if (state.web) return [...state.web.scope];
    throw needLogin();
  };
  /**
   * The published `isSkipChannelVerificationScreenAvailable`: a context that is not an OpenChat,
   * and `skipChannelVerificationScreen` available (in the client: the host permits it only while
   * the channel consent simplification is in effect for the app).
   */
  const skipAvailable = (): boolean => {
    const context = state.session?.context;
    if (!context || (context.type as string) === 'square_chat') return false;
    const env = environment();
    return (
      isApiAvailable('skipChannelVerificationScreen', env) ||
      (!env.inClient && !!env.availability?.skipChannelVerificationScreen?.permission)
    );
  };
  const query = async (permission: string): Promise<PermissionState> => {
    if (!(PERMISSION_NAMES as readonly string[]).includes(permission))
      throw new LiffError('INVALID_ARGUMENT', 'Unexpected permission name.');
    // Not logged in at all (a normal tab before `login()`): the published refusal of a call without a token.
    const scopes = granted();
    if (!registered().includes(permission)) return 'unavailable';
    return scopes.includes(permission) ? 'granted' : 'prompt';
  };
  const requestAll = async (): Promise<void> => {
    if (!skipAvailable()) throw new LiffError('FORBIDDEN', 'SkipChannelVerificationScreen is unavailable.');
    const names = PERMISSION_NAMES as readonly string[];
    // The published SDK asks the LIFF server which permissions are left; the session knows the same.
    const left = registered().filter((s) => names.includes(s) && !granted().includes(s) && (!!state.host || s !== 'chat_message.write'));
    if (!left.length) throw new LiffError('FORBIDDEN', 'All permissions have already been approved.');
    try {
      state.session = await bridge('liffRequestAll', []);
    } catch (error) {
      // The host answers a Deny with 401, the HTTP status of the published UNAUTHORIZED.
      if (error instanceof LiffError && error.code === '401') throw new LiffError('UNAUTHORIZED', DENIED);
      if (error instanceof LiffError && error.code === '403') throw new LiffError('FORBIDDEN', error.message);
      throw error;
    }
  };
  const checked: PermissionRules['checked'] =
    (fn, permission) =>
    async (...args) => {
      const last = args[args.length - 1] as { ignorePermissionCheck?: unknown } | undefined;
      const ignore = typeof last === 'object' && last !== null && last.ignorePermissionCheck === true;
      const answer = await query(permission);
      if (answer === 'unavailable') throw new LiffError('FORBIDDEN', 'The permission is not in LIFF app scope.');
      if (answer === 'prompt' && skipAvailable() && !ignore && (!!state.host || permission !== 'chat_message.write')) await requestAll();
      else if (ignore) args.pop();
      return fn(...args);
    };
  return { query, requestAll, getGrantedAll: granted, checked };
}

/** `permission`: `query`, `getGrantedAll` and `requestAll`, as `@liff/permission` answers them. */
export function permissionMember(kit: MemberKit): Liff['permission'] {
  const rules = permissionRules(kit);
  return {
    query: async (permission) => ({ state: await rules.query(permission) }),
    getGrantedAll: async () => rules.getGrantedAll() as Awaited<ReturnType<Liff['permission']['getGrantedAll']>>,
    requestAll: () => rules.requestAll(),
  };
}
