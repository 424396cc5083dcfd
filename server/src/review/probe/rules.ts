/**
 * The verdicts of a probe of a MINI App's in-app purchase webhook (`embedkit review --probe`,
 * docs/guide/review.md, "What a probe can see"): pure functions of what the webhook answered and the
 * platform calls the MINI App's server made after it. embedkit sees only what the server does next
 * through the platform: a call made after a delivery it should have refused or ignored is a
 * `fail`; a 2xx with nothing after it is a `warn` (what the server did inside could not be seen).
 */
import type { Finding } from '#contract/review.js';
import type { PlatformCall } from '../../platform-calls/index.js';
import { clockText, finding, listText, SOURCES, type CheckText } from '../session/rules/finding.js';

/** The probes, in the order they run. */
export const PROBES = ['signature', 'duplicate', 'unknown-order'] as const;
export type ProbeKind = (typeof PROBES)[number];

/** What the webhook answered a delivery: its status, or why there was none (`error`: refused, timed out). */
export type ProbeAnswer = { status: number } | { error: string };

export const PROBE_TEXT: Record<ProbeKind | 'webhook', CheckText> = {
  webhook: {
    check: 'probe.webhook',
    title: 'An in-app purchase webhook URL to probe',
    rule: 'A probe sends only to the webhook URL the MINI App registered for in-app purchase.',
    source: SOURCES.iapGuidelines,
    fix: "Register the webhook URL (the host's In-app purchase tool, or the scenario's inAppPurchase.webhookUrl).",
  },
  signature: {
    check: 'probe.signature',
    title: 'A purchaseComplete with a wrong signature is refused',
    rule: "The webhook's receiver checks the signature header (HMAC-SHA256 of the body with the channel secret), never the sender's IP address, and acts on nothing whose signature does not hold.",
    source: SOURCES.iapGuidelines,
    fix: 'Compute Base64(HMAC-SHA256(channel secret, raw body)) and compare it with the signature header before reading the event; refuse (400/401) when they differ.',
  },
  duplicate: {
    check: 'probe.duplicate',
    title: 'The same purchaseComplete twice grants once',
    rule: 'A webhook may arrive more than once (redelivery): the receiver grants the item once per orderId.',
    source: SOURCES.iapGuidelines,
    fix: 'Store the orderIds granted and answer a repeated event 200 without granting again.',
  },
  'unknown-order': {
    check: 'probe.unknown-order',
    title: 'A purchaseComplete for an order never reserved grants nothing',
    rule: 'The receiver grants only the orders its server reserved (POST /iap/v1/product/reserve answered the orderId).',
    source: SOURCES.iapGuidelines,
    fix: 'Look the orderId up among the reservations your server made; ignore (or refuse) an event for any other.',
  },
};

const callLine = (c: PlatformCall) => `${c.method} ${c.path} at ${clockText(c.at)} (${c.status})`;

/**
 * The finding of one probe.
 * @param answer what the webhook answered the probe's delivery (for `duplicate`, the second one)
 * @param after the channel's platform calls made after the delivery
 */
export function probeVerdict(kind: ProbeKind, answer: ProbeAnswer, after: readonly PlatformCall[]): Finding {
  const text = PROBE_TEXT[kind];
  const got = 'status' in answer ? `answered ${answer.status}` : `no answer (${answer.error})`;
  if (after.length)
    return finding(text, 'fail', `The webhook ${got}, then the server called the platform: ${listText(after.map(callLine))}.`, 'probe');
  if ('status' in answer && answer.status >= 200 && answer.status < 300)
    return finding(
      text,
      'warn',
      `The webhook ${got} and made no platform call after it: whether it granted anything in its own data could not be seen from outside.`,
      'probe',
    );
  return finding(text, 'pass', `The webhook ${got}; no platform call after it.`, 'probe');
}
