/**
 * Retry keys (the platform's published behaviour: `messaging-api.yml` parameter `X-Line-Retry-Key`
 * of push, multicast, narrowcast and broadcast, and the guide "Retry failed API requests"):
 *
 * - the key is a UUID in hexadecimal form (`format: uuid`, any version); anything else is 400;
 * - the first request with a key that is accepted executes; the same key of the same channel again
 *   within 24 hours (on the simulated clock) answers 409 `{message: "The retry key is already
 *   accepted"}` with `<prefix>Accepted-Request-Id` (the accepted request's ID) and sends nothing;
 *   a push's 409 also carries the accepted answer's `sentMessages` (published `ErrorResponse`);
 * - a request that is refused (400, 403, 429, ...) is not accepted: its key can be used again;
 * - the key on any other `/v2/bot` API is refused with 400.
 *
 * Keys are compared in lower case: a UUID is the same UUID in either case.
 */
import type { RequestHandler, Response } from 'express';
import type { Clock } from '../../../clock/clock.js';
import { ApiError, badRequest } from '../../../http/errors.js';
import { headerValue, type PlatformHeaders } from '../../../http/platform-headers.js';
import type { RetryKeyStore } from './store.js';

/**
 * Called by a send once every check passed, just before anything is sent: where a retry key is
 * claimed (it throws the 409 when the key is already accepted). A send refused before it is
 * called has claimed nothing.
 */
export type Claim = () => Promise<void>;

/** How long an accepted key blocks its repeat: 24 hours (the platform's published window), in ms. */
export const RETRY_KEY_WINDOW_MS = 24 * 3600_000;

/** The APIs that take a retry key (published: push, multicast, narrowcast, broadcast). */
export const RETRY_KEY_PATHS: readonly string[] = [
  '/v2/bot/message/push',
  '/v2/bot/message/multicast',
  '/v2/bot/message/narrowcast',
  '/v2/bot/message/broadcast',
];

/** A UUID in hexadecimal form, any version (`123e4567-e89b-12d3-a456-426614174000`). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The 409 body's message (the platform's words). */
export const ALREADY_ACCEPTED = 'The retry key is already accepted';

/**
 * Runs a send once per retry key: `claim` is what the send calls once every check passed, just
 * before it sends; the answer is kept with the key when the send succeeds, and the key is given
 * back when it fails after claiming.
 */
export class RetryKeys {
  constructor(private readonly d: { store: RetryKeyStore; clock: Clock; headers: PlatformHeaders }) {}

  /**
   * Runs `send` for the request `req` of channel `channelId`, whose answer is `res` (its
   * `<prefix>Request-Id` is the ID a later 409 names), once per the request's retry key (read by
   * {@link keyOf}). Without a key, `send` runs with a claim that does nothing.
   * @param send gets `claim`: call it after validation, before anything is sent (it throws the 409)
   * @returns what `send` returned
   * @throws ApiError 400 when the key is not a UUID; 409 (from `claim`) when the key is already
   *   accepted; and whatever `send` throws
   */
  async once<T extends object>(
    channelId: string,
    req: Parameters<typeof headerValue>[0],
    res: Response,
    send: (claim: Claim) => Promise<T>,
  ): Promise<T> {
    const key = this.keyOf(req);
    if (key === undefined) return send(async () => undefined);
    const requestId = String(res.getHeader(this.d.headers.requestId) ?? '');
    let claimed = false;
    const claim: Claim = async () => {
      const got = await this.d.store.claim(channelId, key, requestId, this.d.clock.now(), RETRY_KEY_WINDOW_MS);
      if (!got.claimed) throw this.alreadyAccepted(got.holder.request_id, got.holder.answer);
      claimed = true;
    };
    let answer: T;
    try {
      answer = await send(claim);
    } catch (err) {
      if (claimed) await this.d.store.release(channelId, key, requestId);
      throw err;
    }
    // Sent: from here on the key stays claimed whatever happens (a failure below must not let a
    // retry send again).
    if (claimed) {
      await this.d.store.accept(channelId, key, requestId, JSON.stringify(answer));
      // Keys past their 24 hours go with the next accepted one: the table holds about a day of keys.
      await this.d.store.prune(channelId, this.d.clock.now() - RETRY_KEY_WINDOW_MS);
    }
    return answer;
  }

  /**
   * The retry key of a request, lower-cased; undefined when the header is absent.
   * @throws ApiError 400 when it is not a UUID
   */
  keyOf(req: Parameters<typeof headerValue>[0]): string | undefined {
    const value = headerValue(req, this.d.headers.retryKey);
    if (value === undefined) return undefined;
    if (!UUID.test(value.trim()))
      throw badRequest(`${this.d.headers.retryKey} must be a UUID in hexadecimal form, e.g. 123e4567-e89b-12d3-a456-426614174000`);
    return value.trim().toLowerCase();
  }

  /**
   * A middleware for `/v2/bot`: a retry key on an API that takes none is refused with 400 (the
   * platform's published behaviour), so a bot learns at once that the key protects nothing there.
   */
  onlyWhereTaken(): RequestHandler {
    return (req, _res, next) => {
      if (!req.path.startsWith('/v2/bot/') || headerValue(req, this.d.headers.retryKey) === undefined) return next();
      if (req.method === 'POST' && RETRY_KEY_PATHS.includes(req.path)) return next();
      next(badRequest(`${this.d.headers.retryKey} is taken only by push, multicast, narrowcast and broadcast`));
    };
  }

  private alreadyAccepted(requestId: string, answer: string | null): ApiError {
    const sent = answer ? (JSON.parse(answer) as { sentMessages?: unknown }).sentMessages : undefined;
    return new ApiError(409, sent === undefined ? { message: ALREADY_ACCEPTED } : { message: ALREADY_ACCEPTED, sentMessages: sent }, {
      [this.d.headers.acceptedRequestId]: requestId,
    });
  }
}
