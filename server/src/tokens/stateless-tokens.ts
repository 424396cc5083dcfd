/**
 * Stateless channel access tokens (`issueStatelessChannelToken`, `POST /oauth2/v3/token`): valid
 * 15 minutes, never stored and never revocable, as the published document says. A token carries
 * its channel and expiry, signed with HMAC-SHA256 under a key the database makes once
 * (`kit_secrets`), so it verifies without a row, after a restart, and in every process on one
 * PostgreSQL database (`docs/platform/channel-access-tokens.md`).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { KitSecretStore } from './kit-secret-store.js';

/** Life of a stateless token, in ms of simulated time: 15 minutes. */
export const STATELESS_TOKEN_LIFE_MS = 15 * 60 * 1000;

/** What a well-formed stateless token says, once its signature is checked. */
export interface StatelessClaims {
  channelId: string;
  /** Expiry, ms since 1970 on the simulated clock. */
  expiresAt: number;
}

/**
 * The token's form: `v3.<channel ID, base64url>.<expiry ms, base 36>.<HMAC, base64url>`. The dots
 * set it apart from the other kinds (43 base64url characters, no dot); the form is embedkit's own,
 * and the platform calls it opaque.
 */
const PREFIX = 'v3.';
const SECRET_NAME = 'stateless_token_hmac_key';

export class StatelessTokens {
  private key: Promise<Buffer> | undefined;

  constructor(private readonly secrets: KitSecretStore) {}

  /** A new token of `channelId` expiring at `expiresAt` (ms). */
  async issue(channelId: string, expiresAt: number): Promise<string> {
    const body = `${Buffer.from(channelId).toString('base64url')}.${expiresAt.toString(36)}`;
    return `${PREFIX}${body}.${await this.mac(body)}`;
  }

  /** True when `token` has the stateless form (whatever its signature): it then belongs to this kind alone. */
  static looksStateless(token: string): boolean {
    return token.startsWith(PREFIX);
  }

  /**
   * The channel and expiry of a stateless token whose signature holds (expired or not: the caller
   * compares with its clock), or undefined for any other string.
   */
  async read(token: string): Promise<StatelessClaims | undefined> {
    if (!StatelessTokens.looksStateless(token)) return undefined;
    const parts = token.slice(PREFIX.length).split('.');
    if (parts.length !== 3) return undefined;
    const [channel, expiry, mac] = parts as [string, string, string];
    const expected = Buffer.from(await this.mac(`${channel}.${expiry}`), 'base64url');
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const expiresAt = parseInt(expiry, 36);
    if (!Number.isSafeInteger(expiresAt)) return undefined;
    return { channelId: Buffer.from(channel, 'base64url').toString(), expiresAt };
  }

  private async mac(body: string): Promise<string> {
    this.key ??= this.secrets
      .getOrCreate(SECRET_NAME, () => randomBytes(32).toString('base64url'))
      .then((v) => Buffer.from(v, 'base64url'));
    // A failed read (database away) is tried again at the next call, not remembered.
    const key = await this.key.catch((e: unknown) => {
      this.key = undefined;
      throw e;
    });
    return createHmac('sha256', key).update(body).digest('base64url');
  }
}
