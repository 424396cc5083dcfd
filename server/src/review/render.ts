/**
 * A review's report as a person reads it in a terminal: one block per finding (status, check,
 * title, what was seen, the rule and its source, the fix of a warn or fail), then the counts. `--json` prints the
 * report itself instead (`ReviewReport` of the contract).
 */
import type { Finding, ReviewReport } from '#contract/review.js';

const MARK: Record<Finding['status'], string> = { pass: 'PASS', warn: 'WARN', fail: 'FAIL' };

/** The report as text: a header line, a block per finding, the counts. */
export function renderReport(report: ReviewReport): string {
  const lines = [`Review of ${report.liffId} (${report.url}) in ${(report.durationMs / 1000).toFixed(1)} s`, ''];
  const width = Math.max(...report.findings.map((f) => f.check.length), 5);
  for (const f of report.findings) {
    lines.push(`${MARK[f.status]}  ${f.check.padEnd(width)}  ${f.title}`);
    const pad = ' '.repeat(6 + width + 2);
    lines.push(`${pad}seen: ${f.seen}`);
    lines.push(`${pad}rule: ${f.rule} (${f.source})`);
    if (f.fix) lines.push(`${pad}fix:  ${f.fix}`);
  }
  const { pass, warn, fail } = report.summary;
  lines.push('', `${pass} pass, ${warn} warn, ${fail} fail`);
  return `${lines.join('\n')}\n`;
}
