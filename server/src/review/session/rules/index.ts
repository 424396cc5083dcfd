/**
 * The rules of a session, each a pure function of {@link SessionRecords}, in the order the review
 * lists their findings.
 */
import type { Finding } from '#contract/review.js';
import type { SessionRecords } from '../records.js';
import { apiAvailability } from './api-availability.js';
import { iapVerifyBeforeReserve } from './iap-verify.js';
import { initFirst } from './init-first.js';
import { openidOnly } from './openid-only.js';
import { serviceMessages } from './service-messages.js';
import { shareMessages } from './share-message.js';

/** Every finding of the session's rules. */
export function sessionFindings(records: SessionRecords): Finding[] {
  return [
    initFirst(records),
    apiAvailability(records),
    openidOnly(records),
    iapVerifyBeforeReserve(records),
    ...serviceMessages(records),
    ...shareMessages(records),
  ];
}
