/** Migration `0016_pkce`. It has shipped: never edit it, add a new migration (see ./index.ts). */
import type { Kysely } from 'kysely';

/**
 * A sign-in request and its authorization code carry the PKCE code challenge (RFC 7636, method
 * S256 only: the base64url SHA-256 of the client's code verifier), null for a confidential
 * client's request, so the token operation can check the verifier.
 */
export async function addPkce(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('authorization_requests').addColumn('code_challenge', 'text').execute();
  await db.schema.alterTable('authorization_codes').addColumn('code_challenge', 'text').execute();
}
