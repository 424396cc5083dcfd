/**
 * The server's log of the platform calls made for a MINI App (`recorder.ts`) and the handler that
 * feeds it (`watch.ts`), for a review of the session (docs/guide/review.md).
 */
export { PlatformCallRecorder, PLATFORM_OPERATIONS, type PlatformCall, type PlatformOperation } from './recorder.js';
export { watchPlatformCalls, type TokenOwner } from './watch.js';
