/**
 * The rules of the account-link page's request (`GET /dialog/bot/accountLink?linkToken&nonce`),
 * pure: its query's shape. The token's state (unknown, used, expired) and the friendship are the
 * service's rules.
 */
import { Type, type Static } from '@sinclair/typebox';
import { compile, passes } from '../../../http/validate.js';

/** Longest nonce the page takes, in characters. */
export const MAX_NONCE_LENGTH = 255;

/** The page's query: a link token and the provider's nonce, each given once. */
export const AccountLinkQuery = Type.Object({
  linkToken: Type.String({ minLength: 1 }),
  nonce: Type.String({ minLength: 1, maxLength: MAX_NONCE_LENGTH }),
});

const checkQuery = compile(AccountLinkQuery);

/**
 * The page's query, checked. Not at the door: the page answers the person with an HTML page, not
 * with the bot interface's JSON refusal, so a query that breaks the schema is the page's
 * `missing` outcome.
 * @returns the query typed, or undefined when it breaks {@link AccountLinkQuery}
 */
export function accountLinkQueryOf(query: unknown): Static<typeof AccountLinkQuery> | undefined {
  return passes(checkQuery, query) ? query : undefined;
}
