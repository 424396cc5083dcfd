/**
 * The social login unit's tokens (spec part C "Social access token" states): the grants of the
 * token endpoint, the user access tokens the host's sessions use, and their stores. The rest of
 * the unit enters this folder here.
 */
export { TokenGrantService, type TokenGrantDeps, type TokenResponse, type RefreshResponse, type VerifyResponse } from './token-grants.js';
export { UserTokenService, type UserTokenResponse } from './user-tokens.js';
export { RefreshTokenStore, type RefreshTokenRow, type TokenPair } from './refresh-token-store.js';
export { TokenInvalidationStore, type InvalidationReason } from './token-invalidation-store.js';
