/**
 * A review of a LINE MINI App against the platform's published rules (docs/guide/review.md): the
 * engine (`review.ts`), its page checks (`page/`), the report as text (`render.ts`) and the
 * simulator route that runs it (`simulator-routes.ts`). The session checks (`session/`) and the
 * probes of the MINI App's server (`probe/`) are handed to the engine by the composition root.
 */
export { reviewMiniApp, type CheckContext, type ReviewDeps, type ReviewOptions } from './review.js';
export { renderReport } from './render.js';
export { reviewSimulatorHandlers } from './simulator-routes.js';
export { resolveTarget, UnknownTarget, type ReviewApp, type ReviewTarget } from './target.js';
export { finding, summarize, type CheckSpec } from './findings.js';
