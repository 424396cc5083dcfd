/**
 * The LIFF demo's own server, as a LINE MINI App's server is: it reserves in-app purchases for
 * its page, grants the coins when the platform's `purchaseComplete` webhook says the person paid,
 * and confirms each purchase with a service message. It runs beside the demo bots (the same
 * channel), so `npm start` sells out of the box: the page calls it on its own origin
 * (`/demo/bot/mini-app/...`), and the default world's in-app purchase webhook URL points here.
 *
 * Routes, below where the handler is served:
 * - `POST /mini-app/reserve` `{accessToken, productId, clientOs}`: verifies the LIFF access token
 *   (`GET /oauth2/v2.1/verify`: valid, of this channel, not expired; the development guidelines
 *   require it), then `POST /iap/v1/product/reserve` with the person's IP address. 200 `{orderId}`,
 *   or the platform's refusal with its status and body.
 * - `GET /mini-app/coins` with `Authorization: Bearer {LIFF access token}`: 200 `{userId, coins}`.
 * - `POST /mini-app/iap`: the in-app purchase webhook, one event per request, signed as every
 *   webhook. `purchaseComplete` grants once per `orderId` (an event may come again) and sends
 *   `thankyou_msg_en`; `refundComplete` takes the coins back.
 *
 * Kept in memory: the demo's own shop forgets its orders when it restarts, as a real one would not.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { BotClient, PlatformError, validSignature } from './platform.js';

/** What the shop sells: the default world's product IDs, the name the store's sheet shows, the coins granted. */
export const SHOP_PRODUCTS: Readonly<Record<string, { name: string; coins: number }>> = {
  iap_ln_002: { name: '100 Coins', coins: 100 },
  iap_ln_020: { name: '1,200 Coins', coins: 1200 },
};

/** The service message template sent for each purchase (the default world's). */
const THANK_YOU_TEMPLATE = 'thankyou_msg_en';

/** Where the shop says what it did: a line each. */
export interface ShopLog {
  info(line: string): void;
  error(line: string): void;
}

/** What the shop needs: the platform's origin, its channel (the MINI App channel) and the webhook's signature header. */
export interface MiniAppShopConfig {
  baseUrl: string;
  channel: { id: string; secret: string };
  /** The request header that carries the webhook's signature, lower case (e.g. `x-service-signature`). */
  signatureHeader: string;
  /** The MINI App's permanent link, the service message's button. */
  appUrl: string;
  log: ShopLog;
}

/** A purchase webhook event (LINE MINI App API reference, "In-app purchase webhook event object"). */
interface IapEvent {
  type: string;
  orderId: string;
  productId: string;
  userId: string;
  purchaseTimestamp: number;
}

/** A reservation the shop made: whose, and the LIFF access token a service message needs. */
interface ShopOrder {
  userId: string;
  displayName: string;
  liffAccessToken: string;
}

/**
 * The claims of a LIFF ID token of `channel`, or null: signed HS256 with the channel secret (as
 * embedkit signs them) for this channel's audience. Its expiry is on the simulator's clock, which
 * may run ahead: the access token's check (`/oauth2/v2.1/verify`) is the one that says it is current.
 */
function idTokenClaims(idToken: string, channel: { id: string; secret: string }): { sub: string; name?: string } | null {
  const [header, payload, signature] = idToken.split('.');
  if (!header || !payload || !signature) return null;
  const expected = createHmac('sha256', channel.secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub?: unknown; aud?: unknown; name?: unknown };
    if (typeof claims.sub !== 'string' || claims.aud !== channel.id) return null;
    return typeof claims.name === 'string' ? { sub: claims.sub, name: claims.name } : { sub: claims.sub };
  } catch {
    return null;
  }
}

const json = (res: ServerResponse, status: number, body: unknown): void =>
  void res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }).end(JSON.stringify(body));

/** The shop's request handler; `raw` is the request body already read (null past the limit). */
export type MiniAppShop = (req: IncomingMessage, raw: Buffer | null, res: ServerResponse) => Promise<void>;

/** Builds the shop; see the module's comment. */
export function createMiniAppShop(config: MiniAppShopConfig): MiniAppShop {
  const { baseUrl, channel, log } = config;
  const client = new BotClient({ baseUrl, channelId: channel.id, channelSecret: channel.secret });
  const orders = new Map<string, ShopOrder>();
  // The orders granted, each with its person and coins: a person's coins are their sum.
  const granted = new Map<string, { userId: string; coins: number }>();
  const coinsOf = (userId: string) => [...granted.values()].reduce((n, g) => (g.userId === userId ? n + g.coins : n), 0);
  // One service notification token per LIFF access token; each send renews it.
  const notifiers = new Map<string, string>();

  /**
   * The person behind a LIFF access token of this channel, or null: the guidelines' check, then who
   * it is: the page's ID token verified (its `sub`, and `name` once the person granted `profile`),
   * as a MINI App with the channel consent simplification starts with `openid` alone; else the profile.
   */
  const personOf = async (accessToken: unknown, idToken?: unknown): Promise<{ userId: string; displayName: string } | null> => {
    if (typeof accessToken !== 'string' || accessToken === '') return null;
    const verify = await fetch(`${baseUrl}/oauth2/v2.1/verify?access_token=${encodeURIComponent(accessToken)}`);
    const verified = (await verify.json().catch(() => ({}))) as { client_id?: string; expires_in?: number };
    if (!verify.ok || verified.client_id !== channel.id || !((verified.expires_in ?? 0) > 0)) return null;
    if (typeof idToken === 'string' && idToken !== '') {
      const claims = idTokenClaims(idToken, channel);
      return claims ? { userId: claims.sub, displayName: claims.name ?? 'LINE user' } : null;
    }
    const profile = await fetch(`${baseUrl}/v2/profile`, { headers: { Authorization: `Bearer ${accessToken}` } });
    if (!profile.ok) return null;
    return (await profile.json()) as { userId: string; displayName: string };
  };

  const reserve = async (req: IncomingMessage, raw: Buffer | null, res: ServerResponse): Promise<void> => {
    let body: { accessToken?: unknown; idToken?: unknown; productId?: unknown; clientOs?: unknown };
    try {
      body = JSON.parse(raw?.toString('utf8') ?? '') as typeof body;
    } catch {
      return json(res, 400, { message: 'The body must be JSON: {accessToken, productId, clientOs}.' });
    }
    const product = typeof body.productId === 'string' ? SHOP_PRODUCTS[body.productId] : undefined;
    if (!product) return json(res, 400, { message: 'This shop does not sell that product.' });
    const person = await personOf(body.accessToken, body.idToken);
    if (!person) return json(res, 401, { message: 'The LIFF access token is not valid for this MINI App.' });
    const reserved = await fetch(`${baseUrl}/iap/v1/product/reserve`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${String(body.accessToken)}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ clientIp: clientIp(req), clientOs: body.clientOs, productId: body.productId, shopProductName: product.name }),
    });
    const answer = (await reserved.json()) as { orderId?: string };
    if (answer.orderId) orders.set(answer.orderId, { ...person, liffAccessToken: String(body.accessToken) });
    json(res, reserved.status, answer);
  };

  const wallet = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const person = await personOf(/^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1], req.headers['x-id-token']);
    if (!person) return json(res, 401, { message: 'The LIFF access token is not valid for this MINI App.' });
    json(res, 200, { userId: person.userId, coins: coinsOf(person.userId) });
  };

  /** Sends `thankyou_msg_en` for a paid order with the token of its LIFF access token, issued on its first purchase. */
  const thank = async (event: IapEvent, order: ShopOrder): Promise<void> => {
    let token = notifiers.get(order.liffAccessToken);
    if (!token) {
      const issued = await client.post('/message/v3/notifier/token', { liffAccessToken: order.liffAccessToken });
      token = (issued as { notificationToken: string }).notificationToken;
    }
    const sent = (await client.post('/message/v3/notifier/send?target=service', {
      templateName: THANK_YOU_TEMPLATE,
      params: {
        date: new Date(event.purchaseTimestamp * 1000).toISOString().slice(0, 10),
        username: order.displayName.slice(0, 50),
        btn1_url: config.appUrl,
      },
      notificationToken: token,
    })) as { notificationToken?: string; remainingCount: number };
    // The last of its sends answers no next token: the person's next purchase (a new LIFF access token) starts again.
    if (sent.notificationToken && sent.remainingCount > 0) notifiers.set(order.liffAccessToken, sent.notificationToken);
    else notifiers.delete(order.liffAccessToken);
  };

  const onEvent = async (event: IapEvent): Promise<void> => {
    const product = SHOP_PRODUCTS[event.productId];
    if (!product) return log.info(`demo shop: ${event.type} for a product it does not sell (${event.productId})`);
    if (event.type === 'purchaseComplete') {
      if (granted.has(event.orderId)) return;
      granted.set(event.orderId, { userId: event.userId, coins: product.coins });
      log.info(`demo shop: ${product.name} granted to ${event.userId} (order ${event.orderId})`);
      const order = orders.get(event.orderId);
      if (order) await thank(event, order);
      else log.info(`demo shop: order ${event.orderId} was not reserved here, so no service message`);
    } else if (event.type === 'refundComplete' && granted.delete(event.orderId)) {
      log.info(`demo shop: ${product.name} taken back from ${event.userId} (order ${event.orderId} refunded)`);
    }
  };

  const webhook = async (req: IncomingMessage, raw: Buffer | null, res: ServerResponse): Promise<void> => {
    // The signature is computed over the raw bytes: verify before parsing.
    if (!raw || !validSignature(raw, channel.secret, req.headers[config.signatureHeader])) {
      log.error('demo shop: rejected a purchase webhook: bad or missing signature');
      return void res.writeHead(403, { 'Content-Type': 'text/plain' }).end('invalid signature\n');
    }
    let event: IapEvent;
    try {
      event = JSON.parse(raw.toString('utf8')) as IapEvent;
    } catch {
      return void res.writeHead(400, { 'Content-Type': 'text/plain' }).end('not JSON\n');
    }
    // Granted before the answer: a 2xx tells the platform not to send the event again.
    await onEvent(event).catch((err: unknown) => {
      const detail = err instanceof PlatformError ? `${err.status} ${err.body}` : String(err);
      log.error(`demo shop: could not confirm ${event.type} of order ${event.orderId}: ${detail}`);
    });
    json(res, 200, {});
  };

  return async (req, raw, res) => {
    const path = req.url?.split('?')[0];
    if (req.method === 'POST' && path === '/mini-app/reserve') return reserve(req, raw, res);
    if (req.method === 'GET' && path === '/mini-app/coins') return wallet(req, res);
    if (req.method === 'POST' && path === '/mini-app/iap') return webhook(req, raw, res);
    json(res, 404, { message: 'Not found: POST /mini-app/reserve, GET /mini-app/coins, POST /mini-app/iap' });
  };
}

/** The person's IP address as the shop saw it (an IPv4-mapped address as IPv4), for the reservation. */
function clientIp(req: IncomingMessage): string {
  const address = (req.socket.remoteAddress ?? '').replace(/^::ffff:(?=\d+\.)/, '');
  return isIP(address) ? address : '127.0.0.1';
}
