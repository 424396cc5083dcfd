/**
 * The `liff.iap` member: in-app purchase through the host's store sheets, refused as
 * `@line/liff` refuses it where the app may not use it, with the published errors for a person who
 * does not agree, cancels or whose payment fails.
 */
import type { LiffSession } from '#contract/bridge/protocol.js';
import { assertApiAvailable } from '../rules/availability.js';
import { LiffError } from '../errors.js';
import type { Liff } from '../liff-types.js';
import type { MemberKit } from './kit.js';

/**
 * What `liff.iap.createPayment` rejects with when the store's payment fails (the published SDK
 * gives no code of its own: `UNKNOWN`, the code it uses for a native failure without one).
 */
const IAP_FAILURE_TEXT: Record<string, string> = {
  cardDeclined: 'The payment failed: the store declined the payment method.',
  networkLost: 'The payment failed: the network connection was lost.',
};

/** `iap`: `getPlatformProducts`, `requestConsentAgreement` and `createPayment`. */
export function iapMember({ bridge, loggedIn, environment }: MemberKit): Liff['iap'] {
  /** The session of an app that may use in-app purchase now, or the refusal `@line/liff` words (its `iap` rule). */
  const iapSession = (): LiffSession => {
    assertApiAvailable('iap', environment());
    return loggedIn();
  };
  return {
    getPlatformProducts: async (params) => {
      iapSession();
      const productIds = (params as { productIds?: unknown } | undefined)?.productIds;
      if (!Array.isArray(productIds) || !productIds.every((id) => typeof id === 'string'))
        throw new LiffError('INVALID_ARGUMENT', 'liff.iap.getPlatformProducts: productIds must be an array of product IDs');
      return bridge('liffIapProducts', [productIds]);
    },
    requestConsentAgreement: async () => {
      iapSession();
      // Published: the promise rejects when the person does not agree.
      if (!(await bridge('liffIapConsent', []))) throw new LiffError('TERMS_AGREEMENT_ERROR', 'The user did not agree to the terms.');
    },
    createPayment: async (params) => {
      iapSession();
      const { productId, orderId } = (params ?? {}) as { productId?: unknown; orderId?: unknown };
      if (typeof productId !== 'string' || !productId || typeof orderId !== 'string' || !orderId)
        throw new LiffError('INVALID_ARGUMENT', 'liff.iap.createPayment: productId and orderId must be non-empty strings');
      const paid = await bridge('liffIapPayment', [productId, orderId]);
      // Published: `{code: "CANCELED", message: "Transaction was canceled."}` when the person cancels.
      if (paid.outcome === 'cancelled') throw new LiffError('CANCELED', 'Transaction was canceled.');
      if (paid.outcome === 'failed') throw new LiffError('UNKNOWN', IAP_FAILURE_TEXT[paid.failure ?? ''] ?? IAP_FAILURE_TEXT.cardDeclined!);
    },
  };
}
