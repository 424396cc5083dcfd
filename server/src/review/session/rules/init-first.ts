/**
 * `liff.init` before any other call (LIFF v2 API reference, "Initializing the LIFF app"): only a
 * few members may be used before `liff.init` finished; any other answers wrongly or fails.
 */
import type { Finding } from '#contract/review.js';
import type { SessionRecords } from '../records.js';
import { finding, listText, SOURCES, type CheckText } from './finding.js';

/** The members the LIFF reference lets an app use before `liff.init` finished. */
export const BEFORE_INIT_ALLOWED: ReadonlySet<string> = new Set([
  'ready',
  'id',
  'getOS',
  'getAppLanguage',
  'getLanguage',
  'getVersion',
  'getLineVersion',
  'isInClient',
  'closeWindow',
  'use',
  'i18n.setLang',
]);

const TEXT: CheckText = {
  check: 'session.init-first',
  title: 'liff.init before any other call',
  rule: 'Call liff.init() and wait for it to finish before any other member of liff (all but liff.ready, liff.id, getOS, getAppLanguage, getLanguage, getVersion, getLineVersion, isInClient, closeWindow, use and i18n.setLang).',
  source: SOURCES.init,
  fix: 'Await liff.init() (or liff.ready) before the call: move it into the code that runs after init resolved.',
};

/** The finding: `fail` when a member outside the allowed ones was called before `liff.init` finished. */
export function initFirst(records: SessionRecords): Finding {
  const calls = records.trace.filter((e) => e.kind === 'call');
  if (calls.length === 0) return finding(TEXT, 'warn', 'No call of the app was seen: open it in the host and walk through it.');
  const early = calls.filter((c) => c.phase !== 'ready' && !BEFORE_INIT_ALLOWED.has(c.name));
  if (early.length === 0) return finding(TEXT, 'pass', `${calls.length} calls, none before liff.init finished.`);
  const seen = early.map(
    (c) => `liff.${c.name}() ${c.phase === 'before-init' ? 'before liff.init was called' : 'while liff.init was under way'}`,
  );
  return finding(TEXT, 'fail', listText(seen));
}
