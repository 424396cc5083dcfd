/** Random tokens and ids, and the hash under which tokens are stored. */
import { createHash, randomBytes, randomInt } from 'node:crypto';

/** A new opaque bearer token: 32 random bytes, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 (hex) of a token: the database never holds a token itself. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random string of `length` letters and digits. */
export function randomAlnum(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALNUM[randomInt(ALNUM.length)];
  return out;
}
