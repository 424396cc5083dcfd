/**
 * The members that say where the app runs: the client's OS, language and version, the origins,
 * and whether the page is in the client. In the host the phone's device setting answers them; in
 * a normal tab, the browser.
 */
import type { Liff } from '../liff-types.js';
import type { MemberKit } from './kit.js';

/** `getOS`, `getLanguage`, `getAppLanguage`, `getLineVersion`, `getOrigins` and `isInClient`. */
export function environmentMembers({
  state,
  os,
  lineVersion,
}: MemberKit): Pick<Liff, 'getOS' | 'getLanguage' | 'getAppLanguage' | 'getLineVersion' | 'getOrigins' | 'isInClient'> {
  return {
    getOS: os,
    getLanguage: () => state.session?.language ?? navigator.language,
    getAppLanguage: () => state.session?.language ?? navigator.language,
    getLineVersion: lineVersion,
    getOrigins: () => {
      const origin = state.session ? new URL(state.session.hostUrl).origin : location.origin;
      return { liffApp: location.origin, liffServer: origin, miniApp: origin };
    },
    isInClient: () => !!state.host,
  };
}
