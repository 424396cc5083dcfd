/**
 * The app works when it starts with `openid` alone (LINE MINI App authorization flow, channel
 * consent simplification): a verified MINI App starts after the person agreed to `openid` only,
 * and asks for more (the permission request screen) when it needs it. Broken means an uncaught
 * error or an unhandled rejection while the session had `openid` alone.
 */
import type { Finding } from '#contract/review.js';
import type { TraceError } from '#contract/bridge/trace.js';
import type { SessionRecords } from '../records.js';
import { finding, listText, SOURCES, type CheckText } from './finding.js';

const TEXT: CheckText = {
  check: 'session.openid-only',
  title: 'The app works with openid alone',
  rule: 'With the channel consent simplification the app starts with the openid scope only; it must work so and ask for profile (or another scope) when it needs it, handling a refusal.',
  source: SOURCES.consentSimplification,
  fix: 'Check liff.permission.query(scope) before a call that needs the scope, catch the rejection of such calls, and ask with liff.permission.requestAll() from a button.',
};

/** The finding: `fail` on an error or unhandled rejection after a launch with `openid` alone; `warn` when no such launch was seen. */
export function openidOnly(records: SessionRecords): Finding {
  let openidOnly = false;
  let launches = 0;
  const errors: TraceError[] = [];
  const scopesSeen = new Set<string>();
  for (const e of records.trace) {
    if (e.kind === 'init') {
      openidOnly = e.scopes.length === 1 && e.scopes[0] === 'openid';
      if (openidOnly) launches++;
      else scopesSeen.add(e.scopes.join(' ') || '(none)');
    } else if (e.kind === 'error' && openidOnly) errors.push(e);
  }
  if (errors.length)
    return finding(
      TEXT,
      'fail',
      `With openid alone: ${listText(errors.map((e) => `${e.rejection ? 'unhandled rejection' : 'uncaught error'}: ${e.text.split('\n')[0]}`))}.`,
    );
  if (launches === 0)
    return finding(
      TEXT,
      'warn',
      `No launch with openid alone was seen (granted: ${[...scopesSeen].join('; ') || 'no launch'}): open the app as a person who has not agreed to more, with the channel consent simplification on.`,
    );
  return finding(TEXT, 'pass', `${launches} launch(es) with openid alone, no uncaught error or unhandled rejection.`);
}
