/**
 * `embedkit/liff`: run an app written for the platform's current SDK (`@line/liff` 2.x) in
 * embedkit's host with one line: `liff.use(new EmbedkitPlugin())` before `liff.init({liffId})`.
 * See docs/guide/liff.md.
 */
// First, for its effect: web storage where the browser blocks it, before @line/liff reads it.
import './storage.js';
export { EmbedkitPlugin, pluginDefaults, type EmbedkitPluginApi, type EmbedkitPluginOptions } from './plugin.js';
export { LIFF_COVERAGE, type Coverage } from './coverage.js';
export { LiffError } from './errors.js';
