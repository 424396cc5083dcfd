/**
 * Coupons of a channel (published `messaging-api.yml`: createCoupon, listCoupon, getCouponDetail,
 * closeCoupon), the coupons a bot's coupon message names (`CouponMessage`), and a person's uses of
 * a coupon in the host. Times on the simulated clock. Choices: docs/platform/coupons.md.
 */
import type { Static } from '@sinclair/typebox';
import type { Clock } from '../../../clock/clock.js';
import { ApiError, badRequest, invalidBody, notFound } from '../../../http/errors.js';
import type { ErrorDetail } from '../../../http/validate.js';
import type { ChannelRow } from '../../../world/world-store.js';
import type { CouponStore } from './store.js';
import {
  cardOf,
  couponResponseOf,
  couponTimeProblems,
  fieldsOf,
  listQueryOf,
  newCouponId,
  nextTokenOf,
  stateFor,
  statusOf,
  type CouponCard,
  type CreateCouponBody,
  type ListCouponQuery,
  type CouponRow,
  type CouponState,
} from './rules.js';

/** 404 for a coupon the channel does not have (getCouponDetail and closeCoupon publish a 404). */
export const couponNotFound = (): ApiError => notFound('coupon not found');

/** The detail of a coupon message naming a coupon the channel cannot send now. */
export const COUPON_NOT_SENDABLE = 'The coupon must be a RUNNING coupon of this channel';

/** A person's view of a coupon: its card, their state and uses (`couponTicket`, `useCoupon`). */
export interface CouponTicket {
  coupon: CouponCard;
  state: CouponState;
  /** Times this person used it. */
  useCount: number;
}

export class CouponService {
  constructor(private readonly d: { store: CouponStore; clock: Clock }) {}

  /**
   * `createCoupon`: a RUNNING coupon (CLOSED at its end).
   * @param f the body, checked at the door ({@link CreateCouponBody})
   * @returns `CouponCreateResponse`
   * @throws ApiError 400 with the detail at `endTimestamp` when the end is not after the start, or
   *   not in the future ({@link couponTimeProblems})
   */
  async create(channel: ChannelRow, f: Static<typeof CreateCouponBody>): Promise<{ couponId: string }> {
    const now = this.d.clock.now();
    const details = couponTimeProblems(f, now);
    if (details) throw invalidBody(details);
    const row: CouponRow = {
      coupon_id: newCouponId(now),
      channel_id: channel.channel_id,
      title: f.title,
      fields: JSON.stringify(f),
      start_at: f.startTimestamp * 1000,
      end_at: f.endTimestamp * 1000,
      created_at: now,
      closed_at: null,
    };
    await this.d.store.insert(row);
    return { couponId: row.coupon_id };
  }

  /**
   * `listCoupon`: the channel's coupons, newest first, those of the given statuses.
   * @param query checked at the door ({@link ListCouponQuery})
   * @returns `MessagingApiPagerCouponListResponse` (`next` when more remain)
   * @throws ApiError 400 for a `start` this list did not write
   */
  async list(
    channel: ChannelRow,
    query: Static<typeof ListCouponQuery>,
  ): Promise<{ items: { couponId: string; title: string }[]; next?: string }> {
    const q = listQueryOf(query);
    if ('details' in q) throw invalidBody(q.details);
    const now = this.d.clock.now();
    const rows = (await this.d.store.list(channel.channel_id)).filter((r) => !q.statuses.length || q.statuses.includes(statusOf(r, now)));
    const page = rows.slice(q.offset, q.offset + q.limit);
    const end = q.offset + page.length;
    return {
      items: page.map((r) => ({ couponId: r.coupon_id, title: r.title })),
      ...(end < rows.length ? { next: nextTokenOf(end) } : {}),
    };
  }

  /**
   * `getCouponDetail`.
   * @returns `CouponResponse`
   * @throws ApiError 404 for a coupon the channel does not have
   */
  async detail(channel: ChannelRow, couponId: string): Promise<Record<string, unknown>> {
    return couponResponseOf(await this.owned(channel, couponId), this.d.clock.now());
  }

  /**
   * `closeCoupon`: the coupon can no longer be sent or used.
   * @throws ApiError 404 for a coupon the channel does not have; 410 for one already CLOSED
   *   (closed before, or past its end)
   */
  async close(channel: ChannelRow, couponId: string): Promise<void> {
    const row = await this.owned(channel, couponId);
    const now = this.d.clock.now();
    if (statusOf(row, now) === 'CLOSED' || !(await this.d.store.close(row.coupon_id, now)))
      throw new ApiError(410, { message: 'The coupon is already closed' });
  }

  /**
   * The coupons of a bot's coupon messages, checked before anything is sent: each must be a RUNNING
   * coupon of the sending channel.
   * @param messages the checked message objects of a send
   * @returns the messages to store, a coupon message carrying the coupon's card (`coupon`)
   * @throws ApiError 400 with a detail at `messages[i].couponId` for each coupon that cannot be sent
   */
  async resolveMessages(channelId: string, messages: readonly unknown[]): Promise<unknown[]> {
    const now = this.d.clock.now();
    const details: ErrorDetail[] = [];
    const out = await Promise.all(
      messages.map(async (m, i) => {
        const msg = m as { type?: unknown; couponId?: unknown };
        if (msg.type !== 'coupon') return m;
        const row = typeof msg.couponId === 'string' ? await this.d.store.get(channelId, msg.couponId) : undefined;
        if (!row || statusOf(row, now) !== 'RUNNING') {
          details.push({ message: COUPON_NOT_SENDABLE, property: `messages[${i}].couponId` });
          return m;
        }
        return { ...msg, coupon: cardOf(row) };
      }),
    );
    if (details.length) throw invalidBody(details);
    return out;
  }

  /**
   * A person's view of a coupon (the host's `couponTicket`).
   * @throws ApiError 404 for an unknown coupon
   */
  async ticket(couponId: string, userId: string): Promise<CouponTicket> {
    const row = await this.d.store.byId(couponId);
    if (!row) throw couponNotFound();
    return this.ticketOf(row, await this.d.store.uses(couponId, userId));
  }

  /**
   * A person uses a coupon once (the host's "Use" button).
   * @returns the person's view after
   * @throws ApiError 404 for an unknown coupon; 400 when it is not usable for this person now
   *   (not started, used up, past its end or closed)
   */
  async use(couponId: string, userId: string): Promise<CouponTicket> {
    const row = await this.d.store.byId(couponId);
    if (!row) throw couponNotFound();
    const now = this.d.clock.now();
    const max = fieldsOf(row).maxUseCountPerTicket;
    const before = this.ticketOf(row, await this.d.store.uses(couponId, userId));
    if (before.state !== 'usable') throw badRequest(`The coupon cannot be used: ${before.state}`);
    const after = await this.d.store.use(couponId, userId, max, now);
    if (after === null) throw badRequest('The coupon cannot be used: used');
    return this.ticketOf(row, after);
  }

  /** Every coupon, for the scenario export. */
  async all(): Promise<CouponRow[]> {
    return this.d.store.all();
  }

  private ticketOf(row: CouponRow, useCount: number): CouponTicket {
    const max = fieldsOf(row).maxUseCountPerTicket;
    return { coupon: cardOf(row), state: stateFor(row, max, useCount, this.d.clock.now()), useCount };
  }

  private async owned(channel: ChannelRow, couponId: string): Promise<CouponRow> {
    const row = await this.d.store.get(channel.channel_id, couponId);
    if (!row) throw couponNotFound();
    return row;
  }
}
