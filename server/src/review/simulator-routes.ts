/**
 * The simulator route of unit `review` (`reviewMiniApp`): a review of a MINI App of the world, the
 * route the CLI, the host's Review tool, the MCP tool and `kit.review()` all call. Reviews run one
 * at a time (each starts a Chromium): a second waits for the first to finish.
 */
import type { UnitHandlers } from '../simulator-api/handlers.js';
import { badRequest, notFound } from '../http/errors.js';
import { reviewMiniApp, type ReviewDeps } from './review.js';
import { UnknownTarget } from './target.js';

/** Handlers of the routes of unit `review`. */
export function reviewSimulatorHandlers(deps: ReviewDeps): UnitHandlers<'review'> {
  let queue: Promise<unknown> = Promise.resolve();
  return {
    reviewMiniApp: ({ body }) => {
      const run = queue.then(async () => {
        try {
          return await reviewMiniApp(deps, body);
        } catch (e) {
          if (e instanceof UnknownTarget) throw notFound(e.message);
          if (e instanceof Error && /could not be loaded|could not load/.test(e.message)) throw badRequest(e.message);
          throw e;
        }
      });
      queue = run.catch(() => undefined);
      return run;
    },
  };
}
