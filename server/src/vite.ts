/**
 * `embedkit/vite`: one line in an app's `vite.config` (`plugins: [embedkit()]`) runs its unchanged
 * `@line/liff` code against embedkit while `vite` serves it, and never in `vite build`
 * (docs/guide/liff.md, "Run your app unchanged").
 */
import { embedkit } from './vite/plugin.js';

export { embedkit, type EmbedkitViteOptions } from './vite/plugin.js';
export default embedkit;
