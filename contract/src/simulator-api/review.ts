/**
 * The simulator API's `review` unit: a review of a LINE MINI App against the platform's published
 * rules (`embedkit review`, the host's Review tool, the MCP tool `review_mini_app`, `kit.review()`;
 * docs/guide/review.md lists every check). One route, answered when every check has run (a
 * Lighthouse run takes tens of seconds); reviews run one at a time, later ones wait their turn.
 * Its handlers: `server/src/review/simulator-routes.ts`.
 */
import { Type, type Static } from '@sinclair/typebox';
import { type Contract, defineContract } from '../route.js';
import { ReviewReportSchema } from '../review.js';

/**
 * What to review: `target`, the MINI App's LIFF ID (`1650000001-liffapp1`), its
 * `https://miniapp.line.me/…` or `https://liff.line.me/…` URL (LIFF ID or Custom Path), or its
 * endpoint URL (a URL under a registered app's view URL); `probe`, also probe the MINI App's
 * server (the `probe` checks: only the URLs it registered, bounded; default false); `userId`, the
 * person whose session is read (default: every person's); `lighthouse`, run Lighthouse (default
 * true; false skips the Performance score, for a quick look).
 */
export const ReviewBodySchema = Type.Object(
  {
    target: Type.String({ minLength: 1, maxLength: 2048 }),
    probe: Type.Optional(Type.Boolean()),
    userId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    lighthouse: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type ReviewBody = Static<typeof ReviewBodySchema>;

/** The `review` unit's routes, one slice of `SIMULATOR_API`. */
export const REVIEW_ROUTES = defineContract({
  reviewMiniApp: {
    method: 'POST',
    path: '/review',
    summary: 'review a LINE MINI App against the published rules: its findings (pass, warn, fail) with the rule and its source',
    body: ReviewBodySchema,
    answer: ReviewReportSchema,
    unit: 'review',
  },
} satisfies Contract<'review'>);
