/**
 * The Nuxt 2 side of "run your app unchanged" (`embedkit/nuxt`): one line in an app's
 * `nuxt.config` (`buildModules: ['embedkit/nuxt']`) makes the browser's `import liff from
 * '@line/liff'` (and `@line/liff/core`) load the SDK with embedkit's plugin already installed while
 * `nuxt dev` serves the app, so its unchanged `liff.init({liffId})` runs against embedkit's host.
 * `nuxt build` and server rendering get the app's build untouched: the production bundle holds
 * `@line/liff` alone.
 *
 * How, the same as `embedkit/next`: each SDK name resolves, in the client compilation of `nuxt dev`
 * only, to a small module of embedkit's written into the app's
 * `node_modules/.cache/embedkit/nuxt/` beside a copy of `embedkit/liff` (`wrapperSource`). Nuxt 2
 * bundles with webpack 4, which differs from the other integrations twice:
 * - it reads no `exports` map and its parser stops at ES2019, so the wrapper imports the SDK's
 *   CommonJS entry by its file (the SDK's ES module imports named exports of CommonJS packages,
 *   which webpack 4 refuses);
 * - `embedkit/liff` (class fields, `?.`, `??`) must go through Babel: the module adds the cache
 *   folder to the app's `build.transpile`, so the app's own Babel (Nuxt's `@nuxt/babel-preset-app`,
 *   the client's targets) compiles it as it compiles the app's code; embedkit brings no Babel.
 */
import { writeLiffWrappers } from '../liff-wrap/write.js';

/** Options of {@link embedkitNuxt}, as module options (`buildModules: [['embedkit/nuxt', { server }]]`). */
export interface EmbedkitNuxtOptions {
  /**
   * The embedkit server's origin the app's LIFF calls go to, e.g. `http://localhost:8080`.
   * Default: `EMBEDKIT_URL` from the environment (`embedkit dev` sets it), else
   * `http://localhost:8080`.
   */
  server?: string;
}

/** A webpack 4 config, as far as this module writes it. */
export interface NuxtWebpackConfig {
  resolve?: { alias?: Record<string, unknown> };
}
/** What Nuxt 2's `extendBuild` hands its callback besides the config. */
export interface NuxtBuildContext {
  isClient: boolean;
  isDev: boolean;
}
/** Nuxt 2's module container (a module's `this`), as far as this module reads and writes it. */
export interface NuxtModuleContainer {
  options: { dev: boolean; rootDir: string; build: { transpile?: unknown[] } & Record<string, unknown> } & Record<string, unknown>;
  extendBuild(extend: (config: NuxtWebpackConfig, context: NuxtBuildContext) => void): void;
}

/**
 * The files of the cache folder, as Nuxt 2's Babel rule sees them: the part of a path after
 * `node_modules` (its `build.transpile` patterns are tested against that part).
 */
export const TRANSPILE_PATTERN = /^[\\/]\.cache[\\/]embedkit[\\/]nuxt[\\/]/;

/**
 * The `extendBuild` callback: in the client compilation of `nuxt dev` only (server rendering has no
 * host to talk to), each SDK name is aliased exactly (`name$`) to its replacement.
 */
export function aliasClientBuild(aliases: Record<string, string>): (config: NuxtWebpackConfig, context: NuxtBuildContext) => void {
  return (config, { isClient, isDev }) => {
    if (!isClient || !isDev) return;
    config.resolve ??= {};
    config.resolve.alias = {
      ...Object.fromEntries(Object.entries(aliases).map(([sdk, file]) => [`${sdk}$`, file])),
      ...config.resolve.alias,
    };
  };
}

/**
 * The origin of an embedkit server's URL.
 * @throws TypeError when `url` is not an absolute http(s) URL (`localhost:8080` parses as a URL of the scheme `localhost:`)
 */
export function serverOrigin(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new TypeError(`embedkit/nuxt: server must be an http(s) URL, got ${url}`);
  return parsed.origin;
}

/**
 * `embedkit/nuxt`, a Nuxt 2 module (`buildModules: ['embedkit/nuxt']` in `nuxt.config`). Changes
 * nothing but in `nuxt dev`; see the module's comment for what it does there.
 * @param moduleOptions `server`: the embedkit origin (default `EMBEDKIT_URL`, else `http://localhost:8080`)
 * @throws TypeError when `server` is not an absolute http(s) URL; Error (in `nuxt dev`) when the app has no `@line/liff`
 */
export function embedkitNuxt(this: NuxtModuleContainer, moduleOptions: EmbedkitNuxtOptions = {}): void {
  if (!this.options.dev) return;
  const server = serverOrigin(moduleOptions.server ?? process.env.EMBEDKIT_URL ?? 'http://localhost:8080');
  // webpack 4 reads no `exports` map and refuses the SDK's ES module: its CommonJS entry, by file.
  const { aliases } = writeLiffWrappers(this.options.rootDir, server, { tool: 'nuxt', condition: 'require', extension: 'js' });
  this.options.build.transpile = [...(this.options.build.transpile ?? []), TRANSPILE_PATTERN];
  this.extendBuild(aliasClientBuild(aliases));
  console.log(`  embedkit: @line/liff runs against ${server}`);
}
