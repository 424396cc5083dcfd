/**
 * A review of a LINE MINI App: the target resolved to a MINI App of the world, then its checks in
 * order (the page's, what its sessions showed, and, when asked, its server probed), gathered in one
 * report. The session and probe checks are handed in (`ReviewDeps`), so the engine names no unit.
 */
import type { Finding, ReviewReport } from '#contract/review.js';
import { summarize } from './findings.js';
import { reviewPage, type PageReviewOptions } from './page/index.js';
import { resolveTarget, type ReviewApp, type ReviewTarget } from './target.js';

/** What a review asks for: the target (LIFF ID or URL), whose session, whether to probe and to run Lighthouse. */
export interface ReviewOptions {
  target: string;
  /** Probe the MINI App's server (the `probe` checks; default false). */
  probe?: boolean | undefined;
  /** The person whose session is read (default: every person's). */
  userId?: string | undefined;
  /** Run Lighthouse (default true). */
  lighthouse?: boolean | undefined;
  /** Told each step as it starts. */
  onProgress?: (step: string) => void;
}

/** What the session and probe checks are told: the MINI App and the URL reviewed, and the review's options. */
export interface CheckContext {
  target: ReviewTarget;
  userId?: string | undefined;
}

/** What a review runs on. */
export interface ReviewDeps {
  /** The world's registered apps. */
  apps(): Promise<ReviewApp[]>;
  /** The session checks (area `session`): what the app did in the people's sessions. */
  session(context: CheckContext): Promise<Finding[]>;
  /** The probe checks (area `probe`), run only when asked. */
  probe(context: CheckContext): Promise<Finding[]>;
  /** The page checks (default: {@link reviewPage} in the machine's Chromium). */
  page?: (options: PageReviewOptions) => Promise<Finding[]>;
  /** Real time in ms (default `Date.now`): when the review started and how long it took. */
  now?: () => number;
}

/**
 * Reviews a MINI App.
 * @throws UnknownTarget (target.ts) when the target names no MINI App of the world; Error when its page cannot be loaded
 */
export async function reviewMiniApp(deps: ReviewDeps, options: ReviewOptions): Promise<ReviewReport> {
  const now = deps.now ?? Date.now;
  const startedAt = now();
  const target = resolveTarget(options.target, await deps.apps());
  const progress = options.onProgress;
  const context: CheckContext = { target, ...(options.userId ? { userId: options.userId } : {}) };
  const page = await (deps.page ?? reviewPage)({
    url: target.url,
    ...(options.lighthouse === false ? { lighthouse: false } : {}),
    ...(progress ? { onProgress: progress } : {}),
  });
  progress?.('reading the sessions');
  const session = await deps.session(context);
  let probe: Finding[] = [];
  if (options.probe) {
    progress?.('probing the MINI App’s server');
    probe = await deps.probe(context);
  }
  const findings = [...page, ...session, ...probe];
  return {
    liffId: target.app.embedId,
    url: target.url,
    startedAt,
    durationMs: Math.round(now() - startedAt),
    findings,
    summary: summarize(findings),
  };
}
