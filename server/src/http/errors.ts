/**
 * Errors as the platform writes them. Each interface has its own body format (spec "Errors"):
 * bot messaging, social and embedded interfaces `{message, details}`; OAuth `{error,
 * error_description}`. Routes throw {@link ApiError}; the error handler writes it.
 */
import type { ErrorDetail } from './validate.js';

/** An error answer: HTTP status, the exact JSON body to send, and headers it carries (none by default). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(typeof body.message === 'string' ? body.message : String(body.error ?? status));
  }
}

/** 400 "The request body has X error(s)" with every detail found (spec, bot messaging errors). */
export function invalidBody(details: ErrorDetail[]): ApiError {
  return new ApiError(400, { message: `The request body has ${details.length} error(s)`, details });
}

/** 400 with a single message and no details. */
export function badRequest(message: string): ApiError {
  return new ApiError(400, { message });
}

/** 401 "Authentication failed due to the following reason: X" (spec, bot messaging errors). */
export function authenticationFailed(reason: string): ApiError {
  return new ApiError(401, { message: `Authentication failed due to the following reason: ${reason}` });
}

/** 403 "Access to this API is not available for your account" (spec, bot messaging errors). */
export function accessDenied(message = 'Access to this API is not available for your account'): ApiError {
  return new ApiError(403, { message });
}

/** 404 with a message. */
export function notFound(message: string): ApiError {
  return new ApiError(404, { message });
}

/**
 * The refusals of the simulator API and the platform's own calls that many rules share, in the
 * bot interface's format `{message}`, each written once.
 */
/** 404 `No channel <id>`: a channel the scenario does not have. */
export const noChannel = (channelId: string): ApiError => notFound(`No channel ${channelId}`);
/** 404 `Unknown channel <id>` (the friendship and token calls of the simulator API). */
export const unknownChannel = (channelId: string): ApiError => notFound(`Unknown channel ${channelId}`);
/** 404 `No chat <id>`: a chat the scenario does not have. */
export const noChat = (chatId: string): ApiError => notFound(`No chat ${chatId}`);
/** `Unknown user <id>`: 400 where the user is a field of the body, 404 where it names the resource. */
export const unknownUser = (userId: string, status: 400 | 404 = 400): ApiError =>
  new ApiError(status, { message: `Unknown user ${userId}` });
/** 400 `User <userId> is not a member of chat <chatId>`. */
export const notAMember = (userId: string, chatId: string): ApiError => badRequest(`User ${userId} is not a member of chat ${chatId}`);

/**
 * 400 OAuth error body `{error, error_description}` (spec "OAuth error (HTTP 400)").
 * @param error an RFC 6749 error code such as `invalid_request`, `invalid_client`, `invalid_grant`
 */
export function oauthError(error: string, description?: string): ApiError {
  return new ApiError(400, description === undefined ? { error } : { error, error_description: description });
}

/**
 * An error of the enterprise, trial and v1 interfaces: `{statusCode, statusMessage}` with the
 * code as a string (spec "Errors", v1 table), e.g. `v1Error(401, '412', 'accessToken expired')`.
 */
export function v1Error(status: number, statusCode: string, statusMessage: string): ApiError {
  return new ApiError(status, { statusCode, statusMessage });
}

/** The v1 answers of the spec's error table ("Errors": enterprise, trial and v1 interfaces, E, F and G alike). */
export const V1_ERRORS = {
  expiredByPlatform: () => v1Error(401, '412', 'accessToken expired(1)'),
  expiredByUnlink: () => v1Error(401, '412', 'accessToken expired(2)'),
  expired: () => v1Error(401, '412', 'accessToken expired'),
  invalidToken: () => v1Error(401, '401', 'invalid token'),
  noScheme: () => v1Error(401, '401', 'authentication scheme not found.'),
  invalidRefreshToken: () => v1Error(401, '401', 'invalid refreshToken'),
  notRefreshable: () => v1Error(403, '414', 'TOKEN_NOT_REFRESHABLE'),
  invalidPair: () => v1Error(401, '411', 'TOKEN_INVALID_TOKEN'),
  channelInactive: () => v1Error(403, '418', 'CHANNEL_INACTIVE'),
} as const;
