/**
 * `liff.isApiAvailable` before a call the client may lack (LIFF v2 API reference,
 * `liff.isApiAvailable()`): on a client without the API (its version, an external browser, the
 * app's settings) the call fails; the app asks first and offers another way.
 */
import type { Finding } from '#contract/review.js';
import type { TraceCall } from '#contract/bridge/trace.js';
import type { SessionRecords } from '../records.js';
import { finding, listText, SOURCES, type CheckText } from './finding.js';

const TEXT: CheckText = {
  check: 'session.api-availability',
  title: 'isApiAvailable before an API the client may lack',
  rule: 'Before a call whose API a client may lack (shareTargetPicker, scanCodeV2, iap, subWindow.open, requestFriendship, createShortcutOnHomeScreen, calendar, activity...), check liff.isApiAvailable(apiName) and do without it when the answer is false.',
  source: SOURCES.isApiAvailable,
  fix: 'Call liff.isApiAvailable(apiName) first and hide or replace the feature when it answers false.',
};

/**
 * The finding: `fail` when a guarded call was made, unchecked, on a client that lacked its API;
 * `warn` when unchecked calls worked on this client (an older client or an external browser would
 * fail them); `pass` when every guarded call was checked first.
 */
export function apiAvailability(records: SessionRecords): Finding {
  const checked = new Set<string>();
  const failed: TraceCall[] = [];
  const lucky: TraceCall[] = [];
  let guarded = 0;
  for (const e of records.trace) {
    if (e.kind === 'check') checked.add(e.api);
    if (e.kind !== 'call' || !e.api) continue;
    guarded++;
    if (checked.has(e.api)) continue;
    (e.available ? lucky : failed).push(e);
  }
  const line = (c: TraceCall) => `liff.${c.name}() (API ${c.api})`;
  if (failed.length)
    return finding(TEXT, 'fail', `Called without isApiAvailable on a client that lacks it: ${listText(failed.map(line))}.`);
  if (lucky.length)
    return finding(
      TEXT,
      'warn',
      `Called without isApiAvailable (this client has it; an older one or an external browser does not): ${listText(lucky.map(line))}.`,
    );
  if (guarded === 0) return finding(TEXT, 'pass', 'No call of an API a client may lack.');
  return finding(TEXT, 'pass', `${guarded} calls of APIs a client may lack, each after isApiAvailable.`);
}
