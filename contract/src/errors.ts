/**
 * The shapes of refusals that every side reads: the server writes them, the host, CLI, testing API
 * and MCP tools show them.
 */

/** One entry of `details` in the platform's error body (spec part B, errors). `property` is left out for the body itself. */
export interface ErrorDetail {
  message: string;
  property?: string;
}
