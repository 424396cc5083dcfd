/**
 * The shapes of refusals that every side reads: the server writes them, the host, CLI, testing API
 * and MCP tools show them.
 */

/** One entry of `details` in the platform's error body (spec part B, errors). `property` is left out for the body itself. */
export interface ErrorDetail {
  message: string;
  property?: string;
}

/**
 * How an interface writes a refusal (spec "Errors"; the platform's published error bodies), named
 * once per interface:
 * - `message-details`: `{message, details?: [{message, property}]}` (bot messaging, social login,
 *   embedded apps, and embedkit's own simulator API);
 * - `oauth`: `{error, error_description}` (the OAuth token endpoints);
 * - `v1`: `{statusCode, statusMessage}` with string codes (enterprise and trial bots, v1 social);
 * - `blockchain`: the blockchain interface's envelope, `{responseTime, statusCode, statusMessage}`.
 */
export type ErrorFormat = 'message-details' | 'oauth' | 'v1' | 'blockchain';

/** The error format of each interface of the spec (A to G) and of the simulator API. */
export const ERROR_FORMATS = {
  blockchain: 'blockchain',
  bot: 'message-details',
  'channel-oauth': 'oauth',
  social: 'message-details',
  'social-oauth': 'oauth',
  'embedded-apps': 'message-details',
  'v1-bots': 'v1',
  simulator: 'message-details',
} as const satisfies Record<string, ErrorFormat>;
