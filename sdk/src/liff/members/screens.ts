/**
 * The members that open the messenger's own screens over the app: the code scanner, the request
 * to add the bot as a friend, and the share target picker. Only in the client, and only where the
 * published availability rule allows them.
 */
import { assertApiAvailable } from '../availability.js';
import { LiffError } from '../errors.js';
import type { Liff } from '../liff-types.js';
import type { MemberKit } from './kit.js';

/** `scanCodeV2`, `requestFriendship` and `shareTargetPicker`. */
export function screenMembers({
  bridge,
  inClientOnly,
  environment,
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
      inClientOnly('shareTargetPicker');
      assertApiAvailable('shareTargetPicker', environment());
      // Sent: the published `{status: 'success'}`; cancelled: false, as the published docs say.
      const sent = await bridge('liffShareTargetPicker', [messages, options?.isMultiple ?? true]);
      return (sent ? { status: 'success' } : false) as unknown as Awaited<ReturnType<Liff['shareTargetPicker']>>;
    },
  };
}
