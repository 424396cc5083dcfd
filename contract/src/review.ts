/**
 * A review of a LINE MINI App (`embedkit review`, the host's Review tool, the MCP tool,
 * `kit.review()`): findings against the platform's published rules, each with what was seen, the
 * rule and the published page it comes from (docs/guide/review.md lists every check). Schemas only.
 */
import { Type, type Static } from '@sinclair/typebox';
import { StringEnum } from './schema-builders.js';

/** How a finding came out: the rule holds (`pass`), may not hold or could not be seen (`warn`), or is broken (`fail`). */
export const FINDING_STATUSES = ['pass', 'warn', 'fail'] as const;
export type FindingStatus = (typeof FINDING_STATUSES)[number];

/**
 * Where a check looks: the page itself (`page`: Lighthouse, viewport, safe areas, title), what the
 * app did in a session (`session`: the bridge log and the server's log), or the MINI App's server
 * probed (`probe`, only with `--probe`).
 */
export const CHECK_AREAS = ['page', 'session', 'probe'] as const;
export type CheckArea = (typeof CHECK_AREAS)[number];

/**
 * One finding: `check` (a stable ID such as `performance.score`, `share.bubble`), the area, the
 * status, a one-line `title`, what was seen (`seen`: figures with units, the call, the message),
 * the rule in words (`rule`), the published page (`source`, an https URL of developers.line.biz or
 * the platform's terms), and how to fix it (`fix`, for a `warn` or `fail`).
 */
export const FindingSchema = Type.Object({
  check: Type.String(),
  area: StringEnum(CHECK_AREAS),
  status: StringEnum(FINDING_STATUSES),
  title: Type.String(),
  seen: Type.String(),
  rule: Type.String(),
  source: Type.String(),
  fix: Type.Optional(Type.String()),
});
export type Finding = Static<typeof FindingSchema>;

/**
 * A review's report: the MINI App (`liffId`) and the URL measured, when it ran (ms since the
 * epoch, real time) and how long it took (ms), every finding in the order the checks ran, and the
 * counts by status.
 */
export const ReviewReportSchema = Type.Object({
  liffId: Type.String(),
  url: Type.String(),
  startedAt: Type.Number(),
  durationMs: Type.Number(),
  findings: Type.Array(FindingSchema),
  summary: Type.Object({ pass: Type.Integer(), warn: Type.Integer(), fail: Type.Integer() }),
});
export type ReviewReport = Static<typeof ReviewReportSchema>;
