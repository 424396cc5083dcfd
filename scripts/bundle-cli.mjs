// The `embedkit` command as it ships (package.json `bin`, `npm start`): server/dist/cli.js and the
// modules it loads bundled by esbuild into server/dist/bin/, the entry `embedkit.js` and its chunks.
// Node.js parses one bundle several times faster than it resolves, reads and links the ~1,400
// modules of the unbundled graph (docs/project/benchmarks.md, "Start"). `--splitting` keeps each
// lazy `import()` a chunk of its own, loaded when the command or request that wants it comes.
// All chunks sit in the one folder, three folders below the package root as server/dist/runtime/ is:
// the paths into the package (runtime/package-root.ts) hold in the bundle too.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

/** Where the bundle is written; its entry is `embedkit.js`. */
export const BIN_DIR = 'server/dist/bin';

/**
 * Packages left to Node.js's own loading: native modules (better-sqlite3, pg's optional pg-native),
 * packages that start worker threads from their own files (pino's transports), the review's
 * browser tools (optional peers found at run time), and the CommonJS packages the code imports
 * lazily by name (`const { createProxyServer } = await import('http-proxy-3')`): esbuild's chunk
 * of a CommonJS module exports only `default`, where Node.js also gives the names it exports.
 */
const EXTERNAL = [
  'better-sqlite3',
  'pg',
  'pino',
  'pino-pretty',
  'thread-stream',
  'lighthouse',
  'puppeteer-core',
  'chrome-launcher',
  'http-proxy-3',
];

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
  checkCommonJsChunks();
}

/**
 * Stops the build when code imports a bundled CommonJS chunk lazily and reads a name from it rather
 * than its `default` (see {@link EXTERNAL}): that name would be undefined at run time, in the bundle only.
 * @throws Error naming the chunk and the line
 */
function checkCommonJsChunks() {
  const files = readdirSync(BIN_DIR).filter((f) => f.endsWith('.js'));
  const text = new Map(files.map((f) => [f, readFileSync(join(BIN_DIR, f), 'utf8')]));
  const commonJs = files.filter((f) => /^export default require_\w+\(\);\s*$/m.test(text.get(f)));
  for (const [file, source] of text)
    for (const chunk of commonJs)
      for (const m of source.matchAll(new RegExp(`.*import\\("\\./${chunk.replace('.', '\\.')}"\\).*`, 'g'))) {
        const line = m[0];
        if (!/import\("[^"]+"\)\)\.default|\.then\(\(\{ default: /.test(line))
          throw new Error(
            `${BIN_DIR}/${file} reads a name of the CommonJS chunk ${chunk}, not its default: add the package to EXTERNAL\n${line.trim()}`,
          );
      }
}
