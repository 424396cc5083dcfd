/**
 * The simulator API's `miniApps` unit: LINE MINI Apps' service messages and in-app purchase
 * (docs/platform/mini-apps.md); their schemas are `../mini-apps.ts`'s and `../iap.ts`'s.
 * Its handlers: `server/src/interfaces/mini-apps/index.ts`.
 */
import {
  IapConsentBodySchema,
  IapConsentSchema,
  IapOrderSchema,
  IapOrdersQuerySchema,
  IapOrdersSchema,
  IapPaymentBodySchema,
  IapProductsQuerySchema,
  IapProductsSchema,
  IapWebhookBodySchema,
  IapWebhookSchema,
} from '../iap.js';
import { ServiceMessagesSchema } from '../mini-apps.js';
import { MiniAppConsentBodySchema, MiniAppConsentSchema } from './social/consents.js';
import { type Contract, defineContract } from '../route.js';

/** The `miniApps` unit's routes, one slice of `SIMULATOR_API`. */
export const MINI_APPS_ROUTES = defineContract({
  // The service messages a person was sent.
  serviceMessages: {
    method: 'GET',
    path: '/users/:userId/service-messages',
    summary: 'the person’s latest LINE MINI App service messages (the service-message chat), oldest first',
    answer: ServiceMessagesSchema,
    unit: 'miniApps',
  },
  // The authorization flow's settings of a MINI App channel (docs/platform/authorization-flow.md).
  setMiniAppConsent: {
    method: 'PATCH',
    path: '/mini-apps/:embedId/consent',
    summary: 'a MINI App’s channel consent simplification switch, region and creation date (what decides the simplification)',
    body: MiniAppConsentBodySchema,
    answer: MiniAppConsentSchema,
    unit: 'miniApps',
  },
  // In-app purchase: the store, the person and the console's part.
  iapProducts: {
    method: 'GET',
    path: '/mini-apps/:embedId/iap/products',
    summary: 'a MINI App’s in-app purchase products as one store localizes them (`liff.iap.getPlatformProducts`)',
    query: IapProductsQuerySchema,
    answer: IapProductsSchema,
    unit: 'miniApps',
  },
  setIapWebhook: {
    method: 'PUT',
    path: '/mini-apps/:embedId/iap/webhook',
    summary: 'registers (or removes, null) a MINI App’s in-app purchase webhook URL',
    body: IapWebhookBodySchema,
    answer: IapWebhookSchema,
    unit: 'miniApps',
  },
  iapConsent: {
    method: 'GET',
    path: '/users/:userId/iap/consent',
    summary: 'whether the person agreed to the in-app purchase terms',
    answer: IapConsentSchema,
    unit: 'miniApps',
  },
  setIapConsent: {
    method: 'PUT',
    path: '/users/:userId/iap/consent',
    summary: 'the person agrees to the in-app purchase terms, or withdraws the consent',
    body: IapConsentBodySchema,
    answer: IapConsentSchema,
    unit: 'miniApps',
  },
  iapOrders: {
    method: 'GET',
    path: '/iap/orders',
    summary: 'in-app purchase orders, newest first',
    query: IapOrdersQuerySchema,
    answer: IapOrdersSchema,
    unit: 'miniApps',
  },
  iapOrder: { method: 'GET', path: '/iap/orders/:orderId', summary: 'one in-app purchase order', answer: IapOrderSchema, unit: 'miniApps' },
  payIapOrder: {
    method: 'POST',
    path: '/iap/orders/:orderId/payment',
    summary: 'what the person did on the store’s payment sheet: paid (sends purchaseComplete), cancelled or failed',
    body: IapPaymentBodySchema,
    answer: IapOrderSchema,
    unit: 'miniApps',
  },
  refundIapOrder: {
    method: 'POST',
    path: '/iap/orders/:orderId/refund',
    summary: 'refunds a paid order (sends refundComplete)',
    answer: IapOrderSchema,
    unit: 'miniApps',
  },
} satisfies Contract<'miniApps'>);
