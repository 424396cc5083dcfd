/**
 * Which error format a request path answers in (spec "Errors": each interface has its own body),
 * and the body of a 503 in that format. A leaf: the error handler and the readiness gate both
 * build on it.
 */

/**
 * The error format of the interface a path belongs to (spec "Errors"): OAuth token operations
 * (with the module channels' `/module/auth/v1/token`) `{error, error_description}`, the v1 interface `{statusCode, statusMessage}`,
 * LINE MINI App in-app purchase (`/iap/`) `{errorCode, message}`, else `{message}`.
 */
export function errorFormatOf(path: string): 'oauth' | 'v1' | 'iap' | 'message' {
  if (path.startsWith('/iap/')) return 'iap';
  if (path.startsWith('/v2/oauth/') || (path.startsWith('/oauth2/') && !path.startsWith('/oauth2/v2.1/authorize'))) return 'oauth';
  // A module channel's code exchange (module-attach.yml `attachModule`) is an OAuth token endpoint.
  if (path.startsWith('/module/auth/')) return 'oauth';
  if (path.startsWith('/v1/')) return 'v1';
  return 'message';
}

/**
 * The in-app purchase `errorCode` of a status embedkit answers without a published code of its own
 * (an unreadable body, a fault on demand, a 503): the published codes where the reference has one
 * for that status (`VALIDATION_ERROR`, `UNAUTHORIZED`, `FORBIDDEN`), else the status's name.
 */
export function iapErrorCodeOf(status: number): string {
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 429) return 'TOO_MANY_REQUESTS';
  if (status >= 500) return status === 503 ? 'SERVICE_UNAVAILABLE' : 'INTERNAL_SERVER_ERROR';
  return 'VALIDATION_ERROR';
}

/** Seconds a client is told to wait (`Retry-After`) when refused while starting or draining. */
export const RETRY_AFTER_S = 1;

/**
 * The body of a 503 for a request path, in that interface's error format (spec "Errors": OAuth
 * `{error, error_description}`, v1 `{statusCode, statusMessage}`, else `{message}`; the social
 * login's "500 temporary server error" row is the platform's word for this case).
 */
export type UnavailableBody = (path: string, message: string) => Record<string, unknown>;

/** The default 503 body of `{base_url}` and the v1 origins, by path. */
export const unavailableByPath: UnavailableBody = (path, message) => {
  switch (errorFormatOf(path)) {
    case 'oauth':
      return { error: 'temporarily_unavailable', error_description: message };
    case 'v1':
      return { statusCode: '503', statusMessage: message };
    case 'iap':
      return { errorCode: iapErrorCodeOf(503), message };
    default:
      return { message };
  }
};
