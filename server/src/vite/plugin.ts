/**
 * The Vite plugin of `embedkit/vite`: while `vite` serves the app on the developer's machine, the
 * app's own `import liff from '@line/liff'` gets `@line/liff` with embedkit's plugin already
 * installed, so its unchanged `liff.init({liffId})` runs against embedkit's host instead of the
 * platform's servers (which a page on localhost cannot reach: "Failed to fetch"). `vite build`
 * never runs it (`apply: 'serve'`): the production bundle holds the app's `@line/liff` alone.
 *
 * How: every import of `@line/liff` but the plugin's own resolves to a virtual module that imports
 * `embedkit/liff` first (its web storage must exist before `@line/liff` reads it), then the real
 * `@line/liff`, calls `liff.use(new EmbedkitPlugin({server}))` and re-exports the same `liff`
 * object. A second `liff.use(new EmbedkitPlugin())` in the app (the two plugin lines of
 * docs/guide/liff.md) is a no-op: `@line/liff` installs a plugin name once. `@line/liff/core` (the
 * pluggable SDK) is treated the same; the modules the app adds to it afterwards are answered by the
 * host too (sdk/src/liff/install.ts).
 */
import { dirname, resolve } from 'node:path';
import { searchForWorkspaceRoot, type Plugin } from 'vite';
import { wrapperSource } from '../liff-wrap/source.js';
import { packagePath } from '../runtime/package-root.js';

/** Options of {@link embedkit}. */
export interface EmbedkitViteOptions {
  /**
   * The embedkit server's origin the app's LIFF calls go to (its login and platform API calls
   * outside the host), e.g. `http://localhost:8080`. Default: `EMBEDKIT_URL` from the environment
   * (`embedkit dev` sets it), else `http://localhost:8080`.
   */
  server?: string;
}

/**
 * The bare names the app imports, the full SDK and the pluggable one (`@line/liff/core`, whose
 * methods come with the modules the app adds after it), each redirected while serving to a virtual
 * module (the `\0` keeps other plugins off it, as Vite's guide asks).
 */
const VIRTUAL_OF: Readonly<Record<string, string>> = {
  '@line/liff': '\0embedkit:liff',
  '@line/liff/core': '\0embedkit:liff-core',
};
const SDK_OF: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(VIRTUAL_OF).map(([sdk, virtual]) => [virtual, sdk]));
/** How the virtual module names `embedkit/liff`: resolved to {@link LIFF_PLUGIN_FILE}, whichever copy of embedkit runs Vite. */
const PLUGIN_IMPORT = 'embedkit:liff-plugin';
/**
 * `embedkit/liff`'s ES module bundle, in the package this module belongs to (runtime/package-root.ts):
 * the copy of embedkit the config imported, even when the app's own
 * node_modules has none (a linked checkout).
 */
const LIFF_PLUGIN_FILE = packagePath('sdk/dist/liff.mjs');

/**
 * `embedkit()`: the plugin for `vite.config` (`plugins: [embedkit()]`). Active in `vite serve`
 * only. See the module's comment for what it does.
 * @param options `server`: the embedkit origin (default `EMBEDKIT_URL`, else `http://localhost:8080`)
 * @throws TypeError (when Vite loads the config) when `server` is not an absolute URL
 */
export function embedkit(options: EmbedkitViteOptions = {}): Plugin {
  const server = new URL(options.server ?? process.env.EMBEDKIT_URL ?? 'http://localhost:8080').origin;
  return {
    name: 'embedkit',
    apply: 'serve',
    // Before Vite's own resolver, which would send `@line/liff` to its pre-bundled copy.
    enforce: 'pre',
    config(config) {
      // The plugin's bundle may live outside the app's workspace (a linked embedkit): Vite serves
      // files outside it only when allowed. Naming `allow` replaces Vite's default (the
      // workspace), so the default is kept beside it unless the app set its own.
      const root = resolve(config.root ?? process.cwd());
      const own = config.server?.fs?.allow;
      return { server: { fs: { allow: [...(own ? [] : [searchForWorkspaceRoot(root)]), dirname(LIFF_PLUGIN_FILE)] } } };
    },
    resolveId(id, importer, resolveOptions) {
      // The dependency scan must see the real `@line/liff` to pre-bundle it (else Vite finds it
      // late and reloads the page): Vite's scanner passes `scan` (left out of the public type).
      // Server-side rendering has no host to talk to.
      if ((resolveOptions as { scan?: boolean }).scan || resolveOptions.ssr) return null;
      const ours = importer !== undefined && SDK_OF[importer] !== undefined;
      if (VIRTUAL_OF[id] && !ours) return VIRTUAL_OF[id];
      if (id === PLUGIN_IMPORT && ours) return LIFF_PLUGIN_FILE;
      return null;
    },
    load(id) {
      const sdk = SDK_OF[id];
      if (!sdk) return null;
      return wrapperSource(PLUGIN_IMPORT, sdk, server);
    },
    configureServer(dev) {
      dev.httpServer?.once('listening', () => dev.config.logger.info(`  embedkit: @line/liff runs against ${server}`));
    },
  };
}
