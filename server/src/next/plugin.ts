/**
 * The Next.js side of "run your app unchanged" (`embedkit/next`): `withEmbedkit(nextConfig)` in an
 * app's `next.config` makes its own `import('@line/liff')` (and `@line/liff/core`) load the SDK
 * with embedkit's plugin already installed while `next dev` serves the app, so its unchanged
 * `liff.init({liffId})` runs against embedkit's host. `next build` and `next start` get the app's
 * config untouched: the production bundle holds `@line/liff` alone.
 *
 * How, the same as `embedkit/vite`: each SDK name resolves to a small module of embedkit's that
 * loads `embedkit/liff` first (its web storage must exist before `@line/liff` reads it), then the
 * real SDK, calls `liff.use(new EmbedkitPlugin({server}))` and exports the same `liff` the SDK
 * exports. Next.js has no virtual modules, so those modules are files, written when the config
 * loads into the app's `node_modules/.cache/embedkit/next/` with a copy of `embedkit/liff`: both
 * bundlers (Turbopack, the default of `next dev`, and webpack with `--webpack`) serve files inside
 * the project, and they import the real SDK by its file, which no alias redirects.
 */
import { specifier } from '../liff-wrap/entry.js';
import { writeLiffWrappers } from '../liff-wrap/write.js';

/** Options of {@link withEmbedkit}. */
export interface EmbedkitNextOptions {
  /**
   * The embedkit server's origin the app's LIFF calls go to, e.g. `http://localhost:8080`.
   * Default: `EMBEDKIT_URL` from the environment (`embedkit dev` sets it), else
   * `http://localhost:8080`.
   */
  server?: string;
  /** The app's folder, where its `node_modules` is. Default: the working directory (`next dev` runs there). */
  projectDir?: string;
}

/** The phase in which Next.js loads the config for `next dev` (`next/constants`' `PHASE_DEVELOPMENT_SERVER`). */
export const PHASE_DEVELOPMENT_SERVER = 'phase-development-server';

/**
 * A Next.js config object, as far as this plugin reads and writes it. `webpack` is a method
 * (compared both ways by TypeScript), so Next.js's own `NextConfig` type and an app's function of
 * narrower parameters both fit.
 */
export type NextConfigObject = Record<string, unknown> & {
  turbopack?: { resolveAlias?: Record<string, unknown> } & Record<string, unknown>;
} & WebpackHook;
/** Next.js's `webpack(config, context)` hook, as a method. */
interface WebpackHook {
  webpack?(config: WebpackConfig, context: { dev: boolean; isServer: boolean } & Record<string, unknown>): unknown;
}
/** A webpack config, as far as this plugin writes it. */
type WebpackConfig = { resolve?: { alias?: Record<string, unknown> | unknown[] } } & Record<string, unknown>;
/** What `next.config` may export: an object, or a function of the phase (possibly async). */
export type NextConfigInput =
  NextConfigObject | ((phase: string, context: Record<string, unknown>) => NextConfigObject | Promise<NextConfigObject>);

/**
 * The config `next dev` gets: the app's, with each SDK name aliased to its replacement in both
 * bundlers (Turbopack's `resolveAlias` with paths relative to the project, webpack's exact-match
 * `name$` aliases in the browser's compilation only: server rendering has no host to talk to).
 */
export function withAliases(config: NextConfigObject, aliases: Record<string, string>, projectDir: string): NextConfigObject {
  const relativeAliases = Object.fromEntries(Object.entries(aliases).map(([sdk, file]) => [sdk, specifier(projectDir, file)]));
  const appWebpack = config.webpack?.bind(config);
  return {
    ...config,
    turbopack: {
      ...config.turbopack,
      resolveAlias: {
        ...config.turbopack?.resolveAlias,
        ...Object.fromEntries(Object.entries(relativeAliases).map(([k, v]) => [k, { browser: v }])),
      },
    },
    webpack: (webpackConfig: WebpackConfig, context) => {
      const out = (appWebpack ? appWebpack(webpackConfig, context) : webpackConfig) as WebpackConfig;
      if (context.dev && !context.isServer) {
        out.resolve ??= {};
        const exact = Object.fromEntries(Object.entries(aliases).map(([sdk, file]) => [`${sdk}$`, file]));
        out.resolve.alias = Array.isArray(out.resolve.alias)
          ? [...Object.entries(exact).map(([name, alias]) => ({ name, alias, onlyModule: true })), ...out.resolve.alias]
          : { ...exact, ...out.resolve.alias };
      }
      return out;
    },
  };
}

/**
 * `withEmbedkit(nextConfig)`: wraps the app's Next.js config (an object or a function of the
 * phase) for `next.config` (`export default withEmbedkit({...})`). Changes nothing but in
 * `next dev`'s phase; see the module's comment for what it does there.
 * @param options `server`: the embedkit origin (default `EMBEDKIT_URL`, else `http://localhost:8080`)
 * @throws TypeError (when the config loads) when `server` is not an absolute URL; Error (in
 *   `next dev`) when the app has no `@line/liff`
 */
export function withEmbedkit(
  nextConfig: NextConfigInput = {},
  options: EmbedkitNextOptions = {},
): (phase: string, context: Record<string, unknown>) => Promise<NextConfigObject> {
  const server = new URL(options.server ?? process.env.EMBEDKIT_URL ?? 'http://localhost:8080').origin;
  return async (phase, context) => {
    const config = typeof nextConfig === 'function' ? await nextConfig(phase, context) : nextConfig;
    if (phase !== PHASE_DEVELOPMENT_SERVER) return config;
    const projectDir = options.projectDir ?? process.cwd();
    const { aliases } = writeLiffWrappers(projectDir, server, { tool: 'next', condition: 'import', extension: 'mjs' });
    console.log(`  embedkit: @line/liff runs against ${server}`);
    return withAliases(config, aliases, projectDir);
  };
}
