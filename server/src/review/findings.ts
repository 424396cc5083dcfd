/**
 * Helpers every check of a review uses: a finding made from a check's fixed parts (its ID, area,
 * rule, source and fix) and what was seen, and the counts of a report.
 */
import type { CheckArea, Finding, FindingStatus, ReviewReport } from '#contract/review.js';

/** A check's fixed parts: its stable ID, area, one-line title, the rule in words, its published page and how to fix a finding. */
export interface CheckSpec {
  check: string;
  area: CheckArea;
  title: string;
  rule: string;
  /** The published page the rule comes from (an https URL of developers.line.biz or the platform's terms). */
  source: string;
  fix: string;
}

/**
 * One finding of a check: `seen` is what was measured or read (figures with their units); a `pass`
 * carries no `fix`, a `warn` or `fail` carries the check's, or `fix` when given (a fix naming the elements).
 */
export function finding(spec: CheckSpec, status: FindingStatus, seen: string, fix?: string): Finding {
  const { check, area, title, rule, source } = spec;
  return { check, area, status, title, seen, rule, source, ...(status === 'pass' ? {} : { fix: fix ?? spec.fix }) };
}

/** The counts of findings by status. */
export function summarize(findings: readonly Finding[]): ReviewReport['summary'] {
  const summary = { pass: 0, warn: 0, fail: 0 };
  for (const f of findings) summary[f.status]++;
  return summary;
}
