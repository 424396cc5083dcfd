/**
 * The members of the person's login: whether they are logged in, logging in and out outside the
 * host, their tokens and the context the login gives. In the host the session `init` got answers
 * them; in a normal tab, the tokens of embedkit's web login.
 */
import { decodeIdToken } from '../rules/id-token.js';
import { LiffError } from '../errors.js';
import type { Liff, LiffContext } from '../liff-types.js';
import { forgetTokens, startLogin } from '../normal-tab/web-login.js';
import type { MemberKit } from './kit.js';

/** `isLoggedIn`, `login`, `logout`, `getAccessToken`, `getIDToken`, `getDecodedIDToken` and `getContext`. */
export function loginMembers({
  state,
}: MemberKit): Pick<Liff, 'isLoggedIn' | 'login' | 'logout' | 'getAccessToken' | 'getIDToken' | 'getDecodedIDToken' | 'getContext'> {
  const idToken = () => state.session?.idToken ?? state.web?.idToken ?? null;
  const context = (): LiffContext | null => {
    if (state.session) return structuredClone(state.session.context) as unknown as LiffContext;
    if (!state.web) return null;
    // Outside the messenger the published context has type `external` and no chat.
    const sub = decodeIdToken(state.web.idToken)?.sub;
    return {
      type: 'external',
      liffId: state.liffId,
      ...(sub ? { userId: sub } : {}),
      scope: [...state.web.scope],
    } as unknown as LiffContext;
  };

  return {
    isLoggedIn: () => !!state.session || !!state.web,
    login: (loginConfig) => {
      if (state.session || state.web) return;
      if (!state.initialized || !state.liffId) throw new LiffError('UNAUTHORIZED', 'liff.login: call liff.init first');
      // The page leaves for embedkit's login pages; the promise only reports a failure to start.
      startLogin({ server: state.server, liffId: state.liffId, redirectUri: loginConfig?.redirectUri }).catch((error: unknown) =>
        console.error(error),
      );
    },
    logout: () => {
      // In the host the messenger keeps the person signed in, as the platform's does.
      if (state.host) return;
      state.session = undefined;
      state.web = undefined;
      if (state.liffId) forgetTokens(state.liffId);
    },
    getAccessToken: () => state.session?.accessToken ?? state.web?.accessToken ?? null,
    getIDToken: idToken,
    getDecodedIDToken: () => decodeIdToken(idToken() ?? undefined) as ReturnType<Liff['getDecodedIDToken']>,
    getContext: context,
  };
}
