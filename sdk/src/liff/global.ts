/**
 * The script-tag form of `embedkit/liff` (`/sdk/v1/liff.js`), for pages that load the platform's
 * SDK from a URL: puts `EmbedkitPlugin` on `window`, so the page calls
 * `liff.use(new EmbedkitPlugin())` before `liff.init`.
 */
import './storage.js';
import { EmbedkitPlugin, pluginDefaults } from './plugin.js';

// The server this script came from is the one the page's login and API calls go to.
const script = document.currentScript as HTMLScriptElement | null;
if (script?.src) pluginDefaults.server = new URL(script.src).origin;

(window as unknown as { EmbedkitPlugin: typeof EmbedkitPlugin }).EmbedkitPlugin = EmbedkitPlugin;
