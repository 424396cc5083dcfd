// The `embedkit` command as it ships (package.json `bin`, `npm start`): server/dist/cli.js and the
// modules it loads bundled by esbuild into server/dist/bin/, the entry `embedkit.js` and its chunks.
// Node.js parses one bundle several times faster than it resolves, reads and links the ~1,400
// modules of the unbundled graph (docs/project/benchmarks.md, "Start"). `--splitting` keeps each
// lazy `import()` a chunk of its own, loaded when the command or request that wants it comes.
// All chunks sit in the one folder, three folders below the package root as server/dist/runtime/ is:
// the paths into the package (runtime/package-root.ts) hold in the bundle too.
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

/** Where the bundle is written; its entry is `embedkit.js`. */
export const BIN_DIR = 'server/dist/bin';

/**
 * Packages left to Node.js's own loading: native modules (better-sqlite3, pg's optional pg-native),
 * packages that start worker threads from their own files (pino's transports), and the review's
 * browser tools, optional peers found at run time.
 */
const EXTERNAL = ['better-sqlite3', 'pg', 'pino', 'pino-pretty', 'thread-stream', 'lighthouse', 'puppeteer-core', 'chrome-launcher'];

/** Bundles server/dist/cli.js (built by tsc first) into {@link BIN_DIR}, emptied first. */
export async function bundleCli() {
  rmSync(BIN_DIR, { recursive: true, force: true });
  await build({
    entryPoints: { embedkit: 'server/dist/cli.js' },
    outdir: BIN_DIR,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    chunkNames: '[name]-[hash]',
    // ES module builds first: a package's UMD build (jsonc-parser's) requires its files by paths a bundle does not keep.
    mainFields: ['module', 'main'],
    external: EXTERNAL,
    // The CommonJS packages inside call require() for Node's modules; an ES module has none of its own.
    banner: { js: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);" },
    logLevel: 'warning',
  });
}
