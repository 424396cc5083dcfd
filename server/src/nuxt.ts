/**
 * `embedkit/nuxt`: one line in a Nuxt 2 app's `nuxt.config` (`buildModules: ['embedkit/nuxt']`)
 * runs its unchanged `@line/liff` code against embedkit while `nuxt dev` serves it, and never in
 * `nuxt build` (docs/guide/liff.md, "Run your app unchanged").
 */
import { embedkitNuxt } from './nuxt/module.js';

export { embedkitNuxt, type EmbedkitNuxtOptions } from './nuxt/module.js';
export default embedkitNuxt;
