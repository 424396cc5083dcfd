/**
 * `embedkit/next`: one wrap in an app's `next.config` (`export default withEmbedkit({...})`) runs
 * its unchanged `@line/liff` code against embedkit while `next dev` serves it, and never in
 * `next build` (docs/guide/liff.md, "Run your app unchanged").
 */
import { withEmbedkit } from './next/plugin.js';

export { withEmbedkit, type EmbedkitNextOptions } from './next/plugin.js';
export default withEmbedkit;
