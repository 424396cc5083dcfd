/**
 * The one-time tickets of the share target picker outside the messenger: the app's user access
 * token buys one (`GET /liff/v2/apps/{liffId}/ott`, as the published SDK asks the platform), and the
 * picker page carries it instead of the token, so the page learns who is logged in from the server,
 * never from anything it could make up. Kept in the database as SHA-256 only (so any process on one
 * PostgreSQL serves a picker another opened), for {@link PICKER_TICKET_LIFE_MS}; spent by the send.
 */
import type { Kysely } from 'kysely';
import type { Clock } from '../../../clock/clock.js';
import type { Database } from '../../../db/schema.js';
import { hashToken, newToken } from '../../../tokens/secrets.js';
import { PICKER_TICKET_LIFE_MS } from './rules.js';

/** Whom a ticket was issued to: the token's user and channel, and the app (its LIFF ID). */
export interface PickerGrant {
  userId: string;
  channelId: string;
  liffId: string;
}

/** The tickets of one kit, in its database (`share_picker_tickets`). */
export class PickerTicketStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  /** A new ticket for `grant` (32 random bytes, base64url); expired tickets are dropped on the way. */
  async issue(grant: PickerGrant): Promise<string> {
    const now = this.clock.now();
    const ott = newToken();
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('share_picker_tickets').where('expires_at', '<=', now).execute();
      await trx
        .insertInto('share_picker_tickets')
        .values({
          ticket_hash: hashToken(ott),
          user_id: grant.userId,
          channel_id: grant.channelId,
          liff_id: grant.liffId,
          expires_at: now + PICKER_TICKET_LIFE_MS,
        })
        .execute();
    });
    return ott;
  }

  /** The grant of a live ticket of `liffId`, or undefined (unknown, spent, expired, or another app's). */
  async find(ott: string, liffId: string): Promise<PickerGrant | undefined> {
    const t = await this.db
      .selectFrom('share_picker_tickets')
      .select(['user_id', 'channel_id', 'liff_id'])
      .where('ticket_hash', '=', hashToken(ott))
      .where('liff_id', '=', liffId)
      .where('expires_at', '>', this.clock.now())
      .executeTakeFirst();
    return t && { userId: t.user_id, channelId: t.channel_id, liffId: t.liff_id };
  }

  /**
   * Spends a live ticket: the picker sends once.
   * @returns false when it was spent already (another send took it first) or has expired
   */
  async spend(ott: string): Promise<boolean> {
    const r = await this.db
      .deleteFrom('share_picker_tickets')
      .where('ticket_hash', '=', hashToken(ott))
      .where('expires_at', '>', this.clock.now())
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }
}
