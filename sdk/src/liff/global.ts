/**
 * The script-tag form of `embedkit/liff` (`/sdk/v1/liff.js`), for pages that load the platform's
 * SDK from a URL: puts `EmbedkitPlugin` on `window`, so the page calls
 * `liff.use(new EmbedkitPlugin())` before `liff.init`.
 */
import './storage.js';
import { EmbedkitPlugin } from './plugin.js';

(window as unknown as { EmbedkitPlugin: typeof EmbedkitPlugin }).EmbedkitPlugin = EmbedkitPlugin;
