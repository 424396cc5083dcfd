/**
 * The members that open the messenger's own screens over the app: the code scanner, the request
 * to add the bot as a friend, and the share target picker. In the client, where the published
 * availability rule allows them; outside it only the share target picker, in a pop-up of the
 * embedkit server's picker page, as the published SDK opens the platform's.
 */
import { messagesRule } from '#contract/bridge/rules.js';
import { MAX_MESSAGES } from '#contract/bridge/protocol.js';
import { assertApiAvailable } from '../rules/availability.js';
import { LiffError } from '../errors.js';
import type { Liff } from '../liff-types.js';
import { pickInPopup } from '../normal-tab/share-target-picker.js';
import type { MemberKit } from './kit.js';

type ShareResult = Awaited<ReturnType<Liff['shareTargetPicker']>>;
/** Sent: the published `{status: 'success'}`; cancelled: false, as the published docs say. */
const shareResult = (sent: boolean) => (sent ? { status: 'success' } : false) as unknown as ShareResult;

/** `scanCodeV2`, `requestFriendship` and `shareTargetPicker`. */
export function screenMembers({
  state,
  bridge,
  inClientOnly,
  environment,
  os,
}: MemberKit): Pick<Liff, 'scanCodeV2' | 'requestFriendship' | 'shareTargetPicker'> {
  return {
    scanCodeV2: async () => {
      inClientOnly('scanCodeV2');
      assertApiAvailable('scanCodeV2', environment());
      return bridge('liffScanCode', []);
    },
    requestFriendship: async (options) => {
      inClientOnly('requestFriendship');
      assertApiAvailable('requestFriendship', environment());
      const { officialAccount, template } = (options ?? {}) as {
        officialAccount?: { id: string; fallback?: boolean };
        template?: { id: string };
      };
      // The published SDK's own check, before its sub window opens.
      if (officialAccount && !String(officialAccount.id).startsWith('@'))
        throw new LiffError('INVALID_ARGUMENT', 'officialAccount.id must start with "@".');
      await bridge('liffRequestFriendship', [
        {
          ...(officialAccount ? { officialAccountId: officialAccount.id } : {}),
          ...(officialAccount?.fallback !== undefined ? { officialAccountFallback: officialAccount.fallback } : {}),
          ...(template ? { templateId: template.id } : {}),
        },
      ]);
    },
    shareTargetPicker: async (messages, options) => {
      if (!state.host && state.web && state.liffId) {
        // Everything before the pop-up opens runs in the person's click, or the browser blocks it.
        assertApiAvailable('shareTargetPicker', environment());
        const problem = messagesRule(MAX_MESSAGES)(messages);
        if (problem) throw new LiffError('INVALID_ARGUMENT', `liff.shareTargetPicker: ${problem}`);
        const { accessToken } = state.web;
        const isMultiple = options?.isMultiple ?? true;
        return shareResult(await pickInPopup({ server: state.server, liffId: state.liffId, accessToken, messages, isMultiple, os: os() }));
      }
      inClientOnly('shareTargetPicker');
      assertApiAvailable('shareTargetPicker', environment());
      return shareResult(await bridge('liffShareTargetPicker', [messages, options?.isMultiple ?? true]));
    },
  };
}
