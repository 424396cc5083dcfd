/**
 * The social interface v1 (spec part G, deprecated): logout, access token reissue and verify, on
 * the same user access tokens as v2.1 (`mid` is the user ID). Errors are the v1 table's
 * `{statusCode, statusMessage}` (spec "Errors", enterprise, trial and v1 interfaces).
 *
 * Token rules (the spec lists the answers, not the conditions; embedkit's reading):
 * - reissue needs the access token in the header and its own refresh token in the form; it works
 *   after the access token expired, until the refresh token's end (10 days after that expiry);
 *   later it is `TOKEN_NOT_REFRESHABLE`. The old access and refresh tokens both stop working.
 * - logout removes the access token and its refresh token; it answers OK whatever the token.
 */
import type { Clock } from '../../../clock/clock.js';
import { V1_ERRORS } from '../../../http/errors.js';
import type { ChannelLoginStore } from '../../../world/channel-login-store.js';
import type { RefreshTokenStore, TokenGrantService } from '../tokens/index.js';
import type { UserTokenRow, UserTokenStore } from '../../../tokens/user-token-store.js';
import { hashToken } from '../../../tokens/secrets.js';
import type { ReissueForm } from '../rules.js';

/** v1 token data of a reissue (spec part C/G "Social v1 token data"). */
export interface V1TokenData {
  mid: string;
  accessToken: string;
  /** Expiry of the new access token, ms since the epoch. */
  expire: number;
  refreshToken: string;
}

/** v1 verify data; `expire` (ms since the epoch) only when `extend` is true. */
export interface V1VerifyData {
  channelId: number;
  mid: string;
  expire?: number;
}

/** The headers a v1 call may carry its token in. */
export interface V1Headers {
  authorization?: string | undefined;
  /** `<prefix>ChannelToken`, the deprecated way to send the same token. */
  channelToken?: string | undefined;
}

/**
 * The access token of a v1 call: `Authorization: Bearer <token>`, else the deprecated
 * `<prefix>ChannelToken: <token>`; undefined when neither carries one.
 */
export function v1AccessToken(h: V1Headers): string | undefined {
  const bearer = h.authorization ? /^Bearer\s+(\S+)\s*$/i.exec(h.authorization)?.[1] : undefined;
  if (bearer) return bearer;
  const legacy = h.channelToken?.trim();
  return legacy ? legacy : undefined;
}

/** The rules of spec part G on the shared user tokens. */
export class SocialV1Service {
  constructor(
    private readonly tokens: UserTokenStore,
    private readonly refreshTokens: RefreshTokenStore,
    private readonly logins: ChannelLoginStore,
    private readonly grants: TokenGrantService,
    private readonly clock: Clock,
  ) {}

  /** `DELETE /v1/oauth/logout`: the token and its refresh token stop working. Always `{result: 'OK'}`. */
  async logout(h: V1Headers): Promise<{ result: 'OK' }> {
    const token = v1AccessToken(h);
    if (token) await this.refreshTokens.revokeAccess(hashToken(token));
    return { result: 'OK' };
  }

  /**
   * `GET /v1/oauth/verify`.
   * @param extend the query's `extend` as given: `"true"` adds `expire`
   * @throws ApiError with the v1 body: 401/401 no token or never issued, 403/418 inactive
   *   channel, 401/412 invalidated (`(1)` platform, `(2)` unlinked) or expired.
   */
  async verify(h: V1Headers, extend: string | string[] | undefined): Promise<V1VerifyData> {
    const row = await this.usable(h);
    const data: V1VerifyData = { channelId: Number(row.channel_id), mid: row.user_id };
    if (extend === 'true') data.expire = row.expires_at;
    return data;
  }

  /**
   * `POST /v1/oauth/accessToken`: a new access token and refresh token for the pair given.
   * @param form the parsed form (`refreshToken`, as given)
   * @throws ApiError with the v1 body: 401/401 no token, 401/401 `invalid refreshToken` (missing
   *   or unknown), 401/411 `TOKEN_INVALID_TOKEN` (the access token is not the refresh token's),
   *   403/418 inactive channel, 401/412 invalidated token, 403/414 `TOKEN_NOT_REFRESHABLE`
   *   (more than 10 days after the access token expired).
   */
  async reissue(h: V1Headers, form: ReissueForm): Promise<V1TokenData> {
    const token = v1AccessToken(h);
    if (!token) throw V1_ERRORS.noScheme();
    const refreshToken = form.refreshToken;
    if (typeof refreshToken !== 'string' || refreshToken === '') throw V1_ERRORS.invalidRefreshToken();
    const refresh = await this.refreshTokens.find(hashToken(refreshToken));
    if (!refresh) throw V1_ERRORS.invalidRefreshToken();
    const access = await this.tokens.findWithState(hashToken(token));
    if (!access || refresh.access_hash !== access.token_hash) throw V1_ERRORS.invalidPair();
    if (!(await this.logins.get(access.channel_id)).active) throw V1_ERRORS.channelInactive();
    if (access.invalidated) throw access.invalidated === 'unlinked' ? V1_ERRORS.expiredByUnlink() : V1_ERRORS.expiredByPlatform();
    if (refresh.expires_at <= this.clock.now()) throw V1_ERRORS.notRefreshable();
    const issued = await this.grants.reissuePair(refresh);
    if (!issued) throw V1_ERRORS.invalidRefreshToken();
    return { mid: access.user_id, accessToken: issued.accessToken, expire: issued.expiresAt, refreshToken: issued.refreshToken };
  }

  /**
   * The user token of a v1 call that must be valid now (also the enterprise friend-list call,
   * spec part E).
   * @throws ApiError the v1 row that applies: no token, never issued, inactive channel,
   *   invalidated (by the platform, by an unlink), expired
   */
  async usable(h: V1Headers): Promise<UserTokenRow> {
    const token = v1AccessToken(h);
    if (!token) throw V1_ERRORS.noScheme();
    const row = await this.tokens.findWithState(hashToken(token));
    if (!row) throw V1_ERRORS.invalidToken();
    if (!(await this.logins.get(row.channel_id)).active) throw V1_ERRORS.channelInactive();
    if (row.invalidated) throw row.invalidated === 'unlinked' ? V1_ERRORS.expiredByUnlink() : V1_ERRORS.expiredByPlatform();
    if (row.expires_at <= this.clock.now()) throw V1_ERRORS.expired();
    return row;
  }
}
