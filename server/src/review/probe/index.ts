/**
 * `embedkit review --probe`: deliveries to the MINI App's own in-app purchase webhook URL (the only
 * URL probed; four requests at most, each with a time limit, only when asked), then what its server
 * did next through the platform (docs/guide/review.md, "What a probe can see"): a `purchaseComplete`
 * with a wrong signature, a paid order's event twice, an event for an order never reserved.
 * The verdicts are the pure functions of `rules.ts`.
 */
import type { Finding } from '#contract/review.js';
import { iapEventBody } from '../../interfaces/mini-apps/index.js';
import type { PlatformCall } from '../../platform-calls/index.js';
import type { PlatformHeaders } from '../../http/platform-headers.js';
import { deliveryHeaders, signBody } from '../../webhooks/signature.js';
import { finding } from '../session/rules/finding.js';
import { PROBE_TEXT, probeVerdict, type ProbeAnswer } from './rules.js';

export { PROBES, probeVerdict, type ProbeAnswer, type ProbeKind } from './rules.js';

/** A paid order of the MINI App, replayed by the duplicate probe. */
export interface PaidOrder {
  orderId: string;
  productId: string;
  userId: string;
  /** When it was paid (ms, simulated clock). */
  paidAt: number;
}

/** What a probe needs of the MINI App: its channel and secret, its webhook URL (null: none registered), a paid order (null: none yet). */
export interface IapProbeTarget {
  channelId: string;
  channelSecret: string;
  webhookUrl: string | null;
  paidOrder: PaidOrder | null;
}

/** What a probe reads and sends with. */
export interface ProbeDeps {
  /** The MINI App's target; null when it has no in-app purchase. */
  iapTarget(liffId: string): Promise<IapProbeTarget | null>;
  /** The platform calls made for a channel (`platform-calls/`). */
  platformCalls: { calls(channelId: string): PlatformCall[] };
  /** The kit's header names (the signature header). */
  headers: Pick<PlatformHeaders, 'signature' | 'channelSignature'>;
  /** The simulated clock (the events' purchaseTimestamp). */
  clock: { now(): number };
  /** The HTTP client (default: the global fetch). */
  fetch?: typeof fetch;
}

/** Which MINI App, and how long to wait. */
export interface ProbeOptions {
  liffId: string;
  /** Longest wait for one answer of the webhook, ms (default 5000). */
  timeoutMs?: number;
  /** How long to wait after an answer for the server's platform calls, ms (default 1000). */
  settleMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs the three probes in order; one `warn` (`probe.webhook`) when the MINI App has no webhook URL.
 * @throws Error when `liffId` names no MINI App with in-app purchase
 */
export async function probeMiniApp(deps: ProbeDeps, options: ProbeOptions): Promise<Finding[]> {
  const target = await deps.iapTarget(options.liffId);
  if (!target) throw new Error(`The MINI App ${options.liffId} does not use in-app purchase`);
  const { webhookUrl } = target;
  if (!webhookUrl)
    return [finding(PROBE_TEXT.webhook, 'warn', `${options.liffId} has no in-app purchase webhook URL registered.`, 'probe')];
  const http = deps.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 5000;
  const settleMs = options.settleMs ?? 1000;

  /** Delivers `body` signed with `secret`; what came back and the calls the server made after it. */
  const deliver = async (body: string, secret: string): Promise<{ answer: ProbeAnswer; after: PlatformCall[] }> => {
    const since = Date.now();
    let answer: ProbeAnswer;
    try {
      const res = await http(webhookUrl, {
        method: 'POST',
        headers: deliveryHeaders(body, signBody(secret, body), deps.headers),
        body,
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'manual',
      });
      await res.arrayBuffer().catch(() => undefined);
      answer = { status: res.status };
    } catch (error) {
      answer = { error: error instanceof Error ? error.message : String(error) };
    }
    await sleep(settleMs);
    return {
      answer,
      after: deps.platformCalls.calls(target.channelId).filter((c) => c.channelId === target.channelId && c.wallAt >= since),
    };
  };

  const now = deps.clock.now();
  const madeUp = {
    orderId: `probe-${now.toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
    productId: target.paidOrder?.productId ?? 'probe-product',
    userId: target.paidOrder?.userId ?? 'U00000000000000000000000000000000',
    channelId: target.channelId,
  };
  const findings: Finding[] = [];
  // A secret that is not the channel's: the signature cannot hold.
  const wrong = await deliver(iapEventBody('purchaseComplete', madeUp, now), `${target.channelSecret}-not`);
  findings.push(probeVerdict('signature', wrong.answer, wrong.after));
  if (target.paidOrder) {
    const paid = target.paidOrder;
    const body = iapEventBody('purchaseComplete', { ...paid, channelId: target.channelId }, paid.paidAt);
    const first = await deliver(body, target.channelSecret);
    const second = await deliver(body, target.channelSecret);
    findings.push(probeVerdict('duplicate', second.answer, [...first.after, ...second.after]));
  } else {
    findings.push(
      finding(PROBE_TEXT.duplicate, 'warn', 'No paid order of this MINI App to deliver again: buy something in the app first.', 'probe'),
    );
  }
  const unknown = await deliver(iapEventBody('purchaseComplete', madeUp, now), target.channelSecret);
  findings.push(probeVerdict('unknown-order', unknown.answer, unknown.after));
  return findings;
}
