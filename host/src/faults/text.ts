/**
 * How the host words faults on demand (docs/guide/faults.md): what a rule in force names and does,
 * how much of it is left, a call it hit, and a hit's line in the bridge log. Pure functions, no DOM;
 * the Faults panel (`panel.ts`) and the bridge log (`bridge-log/log.ts`) show these texts.
 */
import type { FaultView } from '#contract/faults.js';
import type { LiveEvents } from '#contract/wire.js';
import { formatTime } from '../time-and-friendship/clock.js';

/** A hit as the live feed's `fault` event reports it: the rule's id and kind, the call's method and path, the status answered. */
export type FaultHitEvent = LiveEvents['fault'];

/** The fields of a rule that say which calls it names and what they get. */
type RuleFields = Pick<FaultView, 'operation' | 'method' | 'path' | 'origin' | 'kind' | 'status' | 'delayMs'>;

/** Which calls a rule names: "pushMessage", "on blockchain POST /v2/bot/**", "every call". */
export function ruleTarget(rule: RuleFields): string {
  const parts = [rule.origin && `on ${rule.origin}`, rule.operation, rule.method, rule.path].filter(Boolean);
  return parts.length ? parts.join(' ') : 'every call';
}

/**
 * What a call hit by the rule gets: its kind ("rateLimited"), "status 418" for `status`,
 * "delay 500 ms" for `delay`, and " after N ms" when another kind is answered late (ms).
 */
export function ruleEffect(rule: RuleFields): string {
  if (rule.kind === 'delay') return `delay ${rule.delayMs ?? 0} ms`;
  const what = rule.kind === 'status' ? `status ${rule.status ?? '?'}` : rule.kind;
  return rule.delayMs ? `${what} after ${rule.delayMs} ms` : what;
}

/**
 * What the rule has hit and what is left of it: "1 hit, 0 left", "3 hits, share 0.1, until
 * 2026-01-01 12:00" (`until`, a time of the simulated clock, in the browser's time zone).
 */
export function ruleCount(rule: Pick<FaultView, 'hits' | 'remaining' | 'share' | 'from' | 'until'>): string {
  return [
    `${rule.hits} hit${rule.hits === 1 ? '' : 's'}`,
    rule.remaining !== null ? `${rule.remaining} left` : '',
    rule.share !== undefined ? `share ${rule.share}` : '',
    rule.from !== undefined ? `from ${formatTime(rule.from)}` : '',
    rule.until !== undefined ? `until ${formatTime(rule.until)}` : '',
  ]
    .filter(Boolean)
    .join(', ');
}

/**
 * One call a rule hit, as its list shows it: "429 POST /v2/bot/message/push"; a call with no status
 * of the fault's (`drop` closes the connection, `delay` answers as usual, later) by the rule's kind:
 * "drop GET /v2/profile".
 */
export function hitText(hit: { method: string; path: string; status: number | null }, kind: string): string {
  return `${hit.status ?? kind} ${hit.method} ${hit.path}`;
}

/**
 * A hit's line in the bridge log: "fault: 429 rateLimited POST /v2/bot/message/push"; a dropped or
 * delayed call, which has no status of the fault's: "fault: drop GET /v2/profile".
 */
export function faultLogText(event: FaultHitEvent): string {
  return event.status !== null
    ? `fault: ${event.status} ${event.kind} ${event.method} ${event.path}`
    : `fault: ${event.kind} ${event.method} ${event.path}`;
}
