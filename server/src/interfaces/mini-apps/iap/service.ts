/**
 * LINE MINI App in-app purchase (LINE MINI App API reference, "In-app purchase (Server)", "In-app
 * purchase webhook event object"; docs "Integrate the in-app purchase feature", "In-app purchase
 * development guidelines"): reservations on a person's LIFF access token, the orders and their
 * states, `purchaseComplete` when the person pays and `refundComplete` when an order is refunded
 * (signed and retried as every webhook delivery), the 7-day event history, and what the host and
 * the tools do in the person's and the console's place (products per store, consent, the store's
 * sheet, refunds). Shapes were checked at the door (routes.ts, the simulator API's mount).
 */
import { randomInt } from 'node:crypto';
import type {
  IapConsent,
  IapOrder,
  IapOrderStatus,
  IapPaymentBody,
  IapProducts,
  IapStore as StoreName,
  IapWebhook,
} from '#contract/iap.js';
import { IAP_ORDER_STATUSES, storeOfOs } from '#contract/iap.js';
import type { Clock } from '../../../clock/clock.js';
import { ApiError, badRequest, notFound } from '../../../http/errors.js';
import type { ChannelTokenService } from '../../../tokens/channel-tokens.js';
import type { DeliveryRow } from '../../../webhooks/delivery-store.js';
import type { WebhookEmitter } from '../../../webhooks/emitter.js';
import type { WorldStore } from '../../../world/world-store.js';
import type { UserTokenService } from '../../social/index.js';
import type { MiniAppRow, MiniAppStore } from '../store.js';
import {
  encodeCursor,
  historyRequest,
  iapError,
  iapEventBody,
  orderIdOf,
  productIn,
  validationError,
  type HistoryQuery,
  type IapEventType,
  type ReserveBody,
} from './rules.js';
import { MAX_LISTED_ORDERS, type IapOrderRow, type IapSettings, type IapStore } from './store.js';

/** The order key of a MINI App's in-app purchase deliveries: they go out in order, apart from its bot's chats. */
const ORDER_KEY_PREFIX = 'iap:';

/** What the service needs: its store, the MINI Apps, both kinds of token, the world, the clock, the webhook pipeline. */
export interface IapDeps {
  store: IapStore;
  miniApps: MiniAppStore;
  userTokens: UserTokenService;
  channelTokens: ChannelTokenService;
  world: WorldStore;
  clock: Clock;
  emitter: WebhookEmitter;
}

/** One entry of the event history (API reference, "Get webhook event history"): always `PRODUCT`, and the event object. */
export interface HistoryEvent {
  transactionType: 'PRODUCT';
  event: Record<string, unknown>;
}

/** The person and channel a LIFF access token was issued to. */
export interface LiffToken {
  userId: string;
  channelId: string;
}

/** The bearer token of an `Authorization` header, or undefined. */
function bearer(authorization: string | undefined): string | undefined {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return m?.[1];
}

/** An order as the simulator API shows it. */
export function orderView(r: IapOrderRow): IapOrder {
  return {
    orderId: r.order_id,
    embedId: r.embed_id,
    channelId: r.channel_id,
    userId: r.user_id,
    productId: r.product_id,
    shopProductName: r.shop_product_name,
    clientOs: r.client_os as IapOrder['clientOs'],
    store: r.store as StoreName,
    productName: r.product_name,
    price: Number(r.price),
    currency: r.currency,
    status: r.status as IapOrderStatus,
    ...(r.failure ? { failure: r.failure as IapOrder['failure'] } : {}),
    reservedAt: Number(r.reserved_at),
    ...(r.paid_at !== null ? { paidAt: Number(r.paid_at) } : {}),
    ...(r.refunded_at !== null ? { refundedAt: Number(r.refunded_at) } : {}),
    updatedAt: Number(r.updated_at),
  };
}

export class IapService {
  constructor(private readonly deps: IapDeps) {}

  /**
   * The person and channel of a LIFF access token (`liff.getAccessToken()`): a user access token
   * that is neither expired, revoked nor invalidated.
   * @param authorization the request's `Authorization` header (`Bearer {LIFF access token}`)
   * @throws ApiError 401 `UNAUTHORIZED` otherwise
   */
  async liffToken(authorization: string | undefined): Promise<LiffToken> {
    const token = bearer(authorization);
    const liff = token ? await this.deps.userTokens.liffAccessToken(token) : undefined;
    if (!liff) throw iapError(401, 'UNAUTHORIZED', 'The access token is invalid or has expired.');
    return { userId: liff.user_id, channelId: liff.channel_id };
  }

  /**
   * `POST /iap/v1/product/reserve` (API reference, "Reserve purchase"): a new order of the product
   * for the person of the LIFF access token, for the store of `clientOs`, at that store's price.
   * Checked in this order (the LIFF access token first, {@link liffToken}): the channel's MINI App may use in-app
   * purchase (403), a webhook URL is registered (`WEBHOOK_URL_IS_NOT_SET`), the product is the
   * MINI App's (`PRODUCT_ID_NOT_FOUND`), the person agreed to the terms (`TERMS_AGREEMENT_ERROR`).
   * @param liff the person and channel of the LIFF access token ({@link liffToken})
   * @returns `{orderId}`
   * @throws ApiError in the in-app purchase format `{errorCode, message}`; nothing is written on a refusal
   */
  async reserve(liff: LiffToken, body: ReserveBody): Promise<{ orderId: string }> {
    const { app, settings } = await this.iapOf(liff.channelId);
    if (!settings.webhookUrl)
      throw iapError(400, 'WEBHOOK_URL_IS_NOT_SET', 'The webhook URL to receive payment completion notifications is not set.');
    const clientOs = body.clientOs as 'ios' | 'android';
    const store = storeOfOs(clientOs);
    const product = productIn(settings.products, body.productId, store);
    if (!product)
      throw iapError(400, 'PRODUCT_ID_NOT_FOUND', 'The requested product ID does not exist.', [
        { message: `'${body.productId}' is not a product of this LINE MINI App.`, property: 'productId' },
      ]);
    if ((await this.deps.store.consent(liff.userId)) === undefined)
      throw iapError(403, 'TERMS_AGREEMENT_ERROR', 'The user has not agreed to the latest Terms of Use: LINE In-App Purchase System.');
    const now = this.deps.clock.now();
    const orderId = orderIdOf(now, Array.from({ length: 14 }, () => randomInt(10)).join(''));
    await this.deps.store.insertOrder({
      order_id: orderId,
      embed_id: app.embed_id,
      channel_id: liff.channelId,
      user_id: liff.userId,
      product_id: body.productId,
      shop_product_name: body.shopProductName,
      client_os: clientOs,
      store,
      product_name: product.productName,
      price: product.price,
      currency: product.currency,
      status: 'reserved',
      failure: null,
      reserved_at: now,
      paid_at: null,
      refunded_at: null,
      updated_at: now,
    });
    return { orderId };
  }

  /**
   * `GET /iap/v1/webhook/events` (API reference, "Get webhook event history"): the channel's
   * `purchaseComplete` events sent from `startEpochSeconds` to `endEpochSeconds`, oldest first, a
   * page at a time, each `{transactionType: 'PRODUCT', event}`, and `nextCursor` (null on the last
   * page). Refund events are not listed, as published ("will be supported in the future").
   * @param authorization `Bearer {channel access token}` of the MINI App channel
   * @throws ApiError 401 without a valid channel access token, 403 for a channel without in-app
   *   purchase, 400 `VALIDATION_ERROR` naming each parameter that breaks the rules
   */
  async history(authorization: string | undefined, query: HistoryQuery): Promise<{ events: HistoryEvent[]; nextCursor: string | null }> {
    let channelId: string;
    try {
      channelId = await this.deps.channelTokens.authenticate(authorization);
    } catch (e) {
      if (e instanceof ApiError) throw iapError(e.status, e.status === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN', e.message);
      throw e;
    }
    await this.iapOf(channelId);
    const request = historyRequest(query, Math.floor(this.deps.clock.now() / 1000));
    if (Array.isArray(request)) throw validationError(request);
    const rows = await this.deps.store.history(channelId, {
      fromMs: request.startS * 1000,
      toMs: request.endS * 1000 + 999,
      after: request.after,
      limit: request.pageSize + 1,
      ...(request.status ? { status: request.status } : {}),
    });
    const page = rows.slice(0, request.pageSize);
    return {
      events: page.map((r) => ({ transactionType: 'PRODUCT', event: JSON.parse(r.body) as Record<string, unknown> })),
      nextCursor: rows.length > request.pageSize ? encodeCursor(page[page.length - 1]!.id) : null,
    };
  }

  /**
   * The MINI App's products as `store` localizes them (`liff.iap.getPlatformProducts`), by product
   * ID; IDs it does not sell are left out.
   * @param productIds the IDs wanted; every product of the MINI App when undefined
   * @throws ApiError 404 for an app that is not a MINI App with in-app purchase; 403 for an
   *   unverified MINI App on its Published channel
   */
  async products(embedId: string, store: StoreName, productIds?: readonly string[]): Promise<IapProducts> {
    const { settings } = await this.iapOfApp(embedId);
    const wanted = productIds ? new Set(productIds) : undefined;
    const products = Object.fromEntries(
      settings.products.filter((p) => !wanted || wanted.has(p.productId)).map((p) => [p.productId, p[store]]),
    );
    return { embedId, store, products };
  }

  /**
   * {@link products} for the query of the simulator route `iapProducts` (as Express parsed it):
   * `store` and the comma-separated `productIds`.
   * @throws ApiError 400 `{message, details}` for a store that is not `appStore` or `googlePlay`
   */
  productsOf(embedId: string, query: Record<string, unknown>): Promise<IapProducts> {
    const { store, productIds } = query;
    if (store !== 'appStore' && store !== 'googlePlay')
      throw new ApiError(400, {
        message: 'The request has 1 error(s)',
        details: [{ message: 'must be appStore or googlePlay', property: 'store' }],
      });
    const ids = typeof productIds === 'string' ? productIds.split(',').filter(Boolean) : undefined;
    return this.products(embedId, store, ids);
  }

  /** Whether the person agreed to the in-app purchase terms, and when. */
  async consent(userId: string): Promise<IapConsent> {
    const at = await this.deps.store.consent(userId);
    return at === undefined ? { userId, agreed: false } : { userId, agreed: true, agreedAt: at };
  }

  /**
   * The person agrees to the terms (kept from the first time) or withdraws the consent.
   * @throws ApiError 404 for a person the world does not have
   */
  async setConsent(userId: string, agreed: boolean): Promise<IapConsent> {
    if (!(await this.deps.world.user(userId))) throw notFound(`Unknown user ${userId}`);
    await this.deps.store.setConsent(userId, agreed ? this.deps.clock.now() : null);
    return this.consent(userId);
  }

  /**
   * Registers the MINI App's webhook URL (the console's "Webhook URL" of in-app purchase), or
   * removes it (null).
   * @throws ApiError 400 for a URL that is not absolute http(s); 404 for an app without in-app purchase
   */
  async setWebhook(embedId: string, webhookUrl: string | null): Promise<IapWebhook> {
    if (webhookUrl !== null && !/^https?:$/.test(URL.canParse(webhookUrl) ? new URL(webhookUrl).protocol : ''))
      throw new ApiError(400, {
        message: 'The request body has 1 error(s)',
        details: [{ message: 'must be an absolute http or https URL', property: 'webhookUrl' }],
      });
    if (!(await this.deps.store.setWebhookUrl(embedId, webhookUrl))) throw notFound(`The app ${embedId} does not use in-app purchase`);
    return { embedId, webhookUrl };
  }

  /**
   * Orders, newest first (the query of `iapOrders`, as Express parsed it): one channel's, one
   * person's or in one state when given; `limit` 1 to 200 (default 50).
   * @throws ApiError 400 for an unknown state
   */
  async orders(q: Record<string, unknown>): Promise<{ orders: IapOrder[] }> {
    const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
    const limit = Math.min(Math.max(Number(text(q.limit) ?? 50) || 50, 1), MAX_LISTED_ORDERS);
    const status = text(q.status);
    if (status !== undefined && !(IAP_ORDER_STATUSES as readonly string[]).includes(status))
      throw new ApiError(400, {
        message: 'The request has 1 error(s)',
        details: [{ message: `must be one of ${IAP_ORDER_STATUSES.join(', ')}`, property: 'status' }],
      });
    const filter = { channelId: text(q.channelId), userId: text(q.userId), status: status as IapOrderStatus | undefined };
    return { orders: (await this.deps.store.orders(filter, limit)).map(orderView) };
  }

  /** @throws ApiError 404 for an unknown order */
  async order(orderId: string): Promise<IapOrder> {
    const row = await this.deps.store.order(orderId);
    if (!row) throw notFound(`No order ${orderId}`);
    return orderView(row);
  }

  /**
   * What the person did on the store's payment sheet for a reserved order: `paid` (then
   * `purchaseComplete` is sent to the MINI App's webhook URL: the payment is settled at once),
   * `cancelled`, or `failed` (`cardDeclined` by default, or `networkLost`). Each order is settled once.
   * @throws ApiError 404 for an unknown order; 400 when the order is no longer `reserved` (nothing written)
   */
  async pay(orderId: string, body: IapPaymentBody): Promise<IapOrder> {
    const row = await this.deps.store.order(orderId);
    if (!row) throw notFound(`No order ${orderId}`);
    const now = this.deps.clock.now();
    const patch =
      body.outcome === 'paid'
        ? { status: 'paid' as const, paid_at: now, updated_at: now }
        : body.outcome === 'cancelled'
          ? { status: 'cancelled' as const, updated_at: now }
          : { status: 'failed' as const, failure: body.failure ?? 'cardDeclined', updated_at: now };
    if (!(await this.deps.store.transition(orderId, 'reserved', patch)))
      throw badRequest(
        `The order ${orderId} is ${(await this.deps.store.order(orderId))?.status ?? row.status}: only a reserved order can be paid`,
      );
    if (body.outcome === 'paid') await this.notify('purchaseComplete', row, now);
    return this.order(orderId);
  }

  /**
   * Refunds a paid order (the store granted the person's refund): `refundComplete` is sent, with the
   * order's `purchaseTimestamp`.
   * @throws ApiError 404 for an unknown order; 400 when it is not `paid` (nothing written)
   */
  async refund(orderId: string): Promise<IapOrder> {
    const row = await this.deps.store.order(orderId);
    if (!row) throw notFound(`No order ${orderId}`);
    const now = this.deps.clock.now();
    if (!(await this.deps.store.transition(orderId, 'paid', { status: 'refunded', refunded_at: now, updated_at: now })))
      throw badRequest(
        `The order ${orderId} is ${(await this.deps.store.order(orderId))?.status ?? row.status}: only a paid order can be refunded`,
      );
    await this.notify('refundComplete', row, Number(row.paid_at ?? now));
    return this.order(orderId);
  }

  /**
   * Where an in-app purchase delivery goes (the dispatcher's `routeUrls`): its MINI App's webhook
   * URL as registered now (null without one); undefined for every other delivery.
   */
  async urlOf(delivery: Pick<DeliveryRow, 'order_key'>): Promise<string | null | undefined> {
    if (!delivery.order_key.startsWith(ORDER_KEY_PREFIX)) return undefined;
    return (await this.deps.store.settings(delivery.order_key.slice(ORDER_KEY_PREFIX.length)))?.webhookUrl ?? null;
  }

  /** Stores the event's delivery to the MINI App's webhook URL. */
  private async notify(type: IapEventType, row: IapOrderRow, paidAtMs: number): Promise<void> {
    const settings = await this.deps.store.settings(row.embed_id);
    const body = iapEventBody(
      type,
      { orderId: row.order_id, productId: row.product_id, userId: row.user_id, channelId: row.channel_id },
      paidAtMs,
    );
    await this.deps.emitter.emitOwn(row.channel_id, ORDER_KEY_PREFIX + row.embed_id, body, type, !!settings?.webhookUrl);
  }

  /**
   * The MINI App of a channel and its in-app purchase, when it may use it (docs, "Integrate the
   * in-app purchase feature": a verified MINI App, or an unverified one on its Developing channel).
   * @throws ApiError 403 `FORBIDDEN` otherwise
   */
  private async iapOf(channelId: string): Promise<{ app: MiniAppRow; settings: IapSettings }> {
    const app = await this.deps.miniApps.ofChannel(channelId);
    const settings = app && (await this.deps.store.settings(app.embed_id));
    if (!app || !settings) throw iapError(403, 'FORBIDDEN', `Channel ${channelId} is not allowed to use in-app purchase.`);
    if (Number(app.verified) !== 1 && app.stage === 'published')
      throw iapError(403, 'FORBIDDEN', 'An unverified LINE MINI App can use in-app purchase on its channel for Developing only.');
    return { app, settings };
  }

  /** {@link iapOf} by the app's embed ID, refused in the simulator API's format (404, 403). */
  private async iapOfApp(embedId: string): Promise<{ settings: IapSettings }> {
    const settings = await this.deps.store.settings(embedId);
    if (!settings) throw notFound(`The app ${embedId} does not use in-app purchase`);
    const app = await this.deps.miniApps.ofEmbed(embedId);
    if (app && Number(app.verified) !== 1 && app.stage === 'published')
      throw new ApiError(403, { message: 'An unverified LINE MINI App can use in-app purchase on its channel for Developing only' });
    return { settings };
  }
}
