/**
 * The `liff.permanentLink` member: links to the app's pages that open it in embedkit's host, made
 * by `../rules/permanent-link.ts` from the session's host page and endpoint URL.
 */
import type { Liff } from '../liff-types.js';
import { permanentLinkOf } from '../rules/permanent-link.js';
import type { MemberKit } from './kit.js';

/** `permanentLink`: `createUrlBy`, `createUrl` and `setExtraQueryParam`. */
export function permanentLinkMember({ state, loggedIn }: MemberKit): Liff['permanentLink'] {
  const link = () => {
    const s = loggedIn();
    return { hostUrl: s.hostUrl, liffId: s.context.liffId, endpointUrl: s.context.endpointUrl };
  };
  return {
    createUrlBy: async (url) => permanentLinkOf(link(), url, state.extraQuery),
    createUrl: () => permanentLinkOf(link(), location.href, state.extraQuery),
    setExtraQueryParam: (params) => {
      state.extraQuery = String(params ?? '').replace(/^\?/, '');
    },
  };
}
