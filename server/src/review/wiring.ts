/**
 * A review's dependencies as the kit gives them (`kit/embedkit.ts`): the world's apps, and the
 * session checks and the probes run on the kit's phones, platform calls, clock and stores
 * (`deps.ts`), told the MINI App the review resolved.
 */
import { finding } from './findings.js';
import { probeMiniApp } from './probe/index.js';
import { PROBE_TEXT } from './probe/rules.js';
import type { ReviewDeps } from './review.js';
import { reviewSession } from './session/index.js';
import { reviewDepsOf, type ReviewKit } from './deps.js';
import type { ReviewApp } from './target.js';

/** The review's dependencies on `kit` and its apps. */
export function reviewDepsOfKit(kit: ReviewKit, apps: () => Promise<ReviewApp[]>): ReviewDeps {
  const parts = reviewDepsOf(kit);
  return {
    apps,
    session: ({ target, userId }) => reviewSession(parts.session, { liffId: target.app.embedId, ...(userId ? { userId } : {}) }),
    probe: async ({ target }) => {
      const liffId = target.app.embedId;
      // A MINI App without in-app purchase has no webhook of its own to probe: said, not refused.
      if (!(await parts.probe.iapTarget(liffId)))
        return [
          finding(
            { ...PROBE_TEXT.webhook, area: 'probe' },
            'warn',
            `${liffId} does not use in-app purchase: it registered no URL embedkit may probe.`,
            'Nothing to do unless the MINI App sells items; then register its in-app purchase webhook URL and review again with --probe.',
          ),
        ];
      return probeMiniApp(parts.probe, { liffId });
    },
  };
}
