/**
 * The LIFF access token verified before a purchase is reserved (in-app purchase development
 * guidelines, "Verify the access token"): the MINI App's server checks the token's validity,
 * channel ID and expiry with `GET /oauth2/v2.1/verify` before `POST /iap/v1/product/reserve`.
 */
import type { Finding } from '#contract/review.js';
import type { SessionRecords } from '../records.js';
import { clockText, finding, listText, SOURCES, type CheckText } from './finding.js';

const TEXT: CheckText = {
  check: 'iap.verify-before-reserve',
  title: 'LIFF access token verified before a reservation',
  rule: "Before reserving a purchase, the MINI App's server verifies the LIFF access token with GET /oauth2/v2.1/verify (valid, of its channel, not expired).",
  source: SOURCES.iapGuidelines,
  fix: "On the MINI App's server, call GET /oauth2/v2.1/verify?access_token=… with the token the page sent, and check client_id and expires_in, before POST /iap/v1/product/reserve.",
};

/** The finding: `fail` when a reservation named a token no verify named before it. */
export function iapVerifyBeforeReserve(records: SessionRecords): Finding {
  const reserves = records.calls.filter((c) => c.operation === 'iap.reserve' && c.status !== 401 && c.userId === records.userId);
  if (reserves.length === 0) return finding(TEXT, 'warn', 'No purchase was reserved in the session: buy something in the app to check it.');
  const verified = (at: number, hash: string | undefined) =>
    records.calls.some((c) => c.operation === 'verify' && c.tokenHash === hash && c.wallAt <= at);
  const unverified = reserves.filter((r) => !verified(r.wallAt, r.tokenHash));
  if (unverified.length === 0) return finding(TEXT, 'pass', `${reserves.length} reservations, each after a verify of its token.`);
  return finding(
    TEXT,
    'fail',
    `Reserved with a token never verified before: ${listText(unverified.map((r) => `POST ${r.path} at ${clockText(r.at)} (${r.status})`))}.`,
  );
}
