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
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sdkPackageEntry, specifier } from '../liff-wrap/entry.js';
import { wrapperSource } from '../liff-wrap/source.js';

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

/** The SDK's names the app imports, and the file each is replaced by (in the cache folder). */
const WRAPPED = [
  { sdk: '@line/liff', file: 'liff.mjs' },
  { sdk: '@line/liff/core', file: 'liff-core.mjs' },
] as const;
/** `embedkit/liff`'s ES module bundle, from this file's place in the package (`server/dist/next/` or `server/src/next/`). */
const LIFF_PLUGIN_FILE = fileURLToPath(new URL('../../../sdk/dist/liff.mjs', import.meta.url));

/**
 * The ES module entry of an SDK name as the app's bundler finds it (see {@link sdkPackageEntry}).
 * @returns undefined when the app has no such package
 */
export function sdkEntry(projectDir: string, sdk: (typeof WRAPPED)[number]['sdk']): string | undefined {
  return sdkPackageEntry(projectDir, sdk === '@line/liff' ? '.' : './core', 'import');
}

/**
 * Writes the replacement modules for the SDK names the app has installed.
 * @returns each installed SDK name with its replacement file (absolute), and the cache folder
 * @throws Error when the app has no `@line/liff` installed (nothing to run against embedkit)
 */
export function writeWrappers(projectDir: string, server: string): { aliases: Record<string, string>; dir: string } {
  const dir = join(projectDir, 'node_modules', '.cache', 'embedkit', 'next');
  mkdirSync(dir, { recursive: true });
  const plugin = join(dir, 'embedkit-liff.mjs');
  copyFileSync(LIFF_PLUGIN_FILE, plugin);
  const aliases: Record<string, string> = {};
  for (const { sdk, file } of WRAPPED) {
    const entry = sdkEntry(projectDir, sdk);
    if (!entry) continue;
    const wrapper = join(dir, file);
    writeFileSync(wrapper, wrapperSource(specifier(dir, plugin), specifier(dir, entry), server));
    aliases[sdk] = wrapper;
  }
  if (!aliases['@line/liff']) throw new Error(`embedkit/next: @line/liff is not installed in ${projectDir} (npm install @line/liff)`);
  return { aliases, dir };
}

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
    const { aliases } = writeWrappers(projectDir, server);
    console.log(`  embedkit: @line/liff runs against ${server}`);
    return withAliases(config, aliases, projectDir);
  };
}
