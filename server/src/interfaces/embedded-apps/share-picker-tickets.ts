/**
 * The one-time tickets of the share target picker outside the messenger: the app's user access
 * token buys one (`GET /liff/v2/apps/{liffId}/ott`, as the published SDK asks the platform), and the
 * picker page carries it instead of the token, so the page learns who is logged in from the server,
 * never from anything it could make up. Kept in this process's memory, hashed, for
 * {@link PICKER_TICKET_LIFE_MS}; spent by the send.
 */
import type { Clock } from '../../clock/clock.js';
import { hashToken, newToken } from '../../tokens/secrets.js';
import { PICKER_TICKET_LIFE_MS } from './share-picker-rules.js';

/** Whom a ticket was issued to: the token's user and channel, and the app (its LIFF ID). */
export interface PickerGrant {
  userId: string;
  channelId: string;
  liffId: string;
}

/** The tickets of one kit. */
export class PickerTickets {
  private readonly byHash = new Map<string, PickerGrant & { expiresAt: number }>();

  constructor(private readonly clock: Clock) {}

  /** A new ticket for `grant` (32 random bytes, base64url). */
  issue(grant: PickerGrant): string {
    const now = this.clock.now();
    for (const [hash, t] of this.byHash) if (t.expiresAt <= now) this.byHash.delete(hash);
    const ott = newToken();
    this.byHash.set(hashToken(ott), { ...grant, expiresAt: now + PICKER_TICKET_LIFE_MS });
    return ott;
  }

  /** The grant of a live ticket of `liffId`, or undefined (unknown, spent, expired, or another app's). */
  find(ott: string, liffId: string): PickerGrant | undefined {
    const t = this.byHash.get(hashToken(ott));
    if (!t || t.expiresAt <= this.clock.now() || t.liffId !== liffId) return undefined;
    return { userId: t.userId, channelId: t.channelId, liffId: t.liffId };
  }

  /** Spends a ticket: the picker sends once. */
  spend(ott: string): void {
    this.byHash.delete(hashToken(ott));
  }
}
