/**
 * The identifiers LINE Pay issues, shaped as published: a transaction ID of 19 digits (the date,
 * then 11 digits; beyond JavaScript's safe integers, as the real ones are), a payment access
 * token of 12 digits, a regKey of 15 characters, and the payment page's token.
 */
import { randomBytes, randomInt } from 'node:crypto';

const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');

/** A 19-digit transaction ID of a day (ms on the simulated clock): `YYYYMMDD` + 11 digits. */
export function newTransactionId(now: number): string {
  const d = new Date(now);
  const day = `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
  return `${day.slice(-8).padStart(8, '2')}${randomInt(1, 10)}${digits(10)}`;
}

/** A 12-digit payment access token (`info.paymentAccessToken`). */
export const newAccessToken = (): string => `${randomInt(1, 10)}${digits(11)}`;

const KEY_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** A 15-character regKey (`RK` + 13 letters and digits). */
export const newRegKey = (): string => `RK${Array.from({ length: 13 }, () => KEY_CHARS[randomInt(KEY_CHARS.length)]).join('')}`;

/** The payment page's token (`transactionReserveId`): 32 random bytes, base64url. */
export const newPageToken = (): string => randomBytes(32).toString('base64url');
