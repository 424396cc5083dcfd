/**
 * The `liff.permission` member: the scopes the person granted the app, read from the host's
 * session or the web login, and the host's consent screen for the rest.
 */
import { LiffError, needLogin } from '../errors.js';
import type { Liff } from '../liff-types.js';
import type { MemberKit } from './kit.js';

/** `permission`: `query`, `getGrantedAll` and `requestAll`. */
export function permissionMember({ state, bridge, inClientOnly }: MemberKit): Liff['permission'] {
  /** The granted scopes of the host's session or the web login. */
  const grantedScopes = (): string[] => {
    if (state.session) return [...state.session.context.scope];
    if (state.web) return [...state.web.scope];
    throw needLogin();
  };
  return {
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
  };
}
