// Bundles the browser code: the SDK (IIFE for script tags, ESM for bundlers), the host shell and
// the demo app. The server is compiled by tsc instead (see scripts/build.mjs).
import typescript from '@rollup/plugin-typescript';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import commonjs from '@rollup/plugin-commonjs';
import { dirname } from 'node:path';
import terser from '@rollup/plugin-terser';
import SDK_MINIFY from './scripts/sdk-minify.json' with { type: 'json' };
import { simulatorRouteTable } from './scripts/rollup/simulator-route-table.mjs';
import { pureSchemas } from './scripts/rollup/pure-schemas.mjs';

// module: the plugin puts its default `module: esnext` next to the entry tsconfig's own options,
// which hides the inherited NodeNext and clashes with `moduleResolution: NodeNext` (TS5110).
// outDir: the plugin requires the output file to sit inside outDir; the tsconfigs' outDir is for tsc.
const ts = (tsconfig, outDir) =>
  typescript({ tsconfig, outDir, module: 'NodeNext', declaration: false, declarationMap: false, noEmitOnError: true });
// The script-tag SDK's minifier (scripts/sdk-minify.json, shared with the size benchmark). passes: 3 lets terser inline the call pipeline into the table of
// `embed` calls; pure_getters: the SDK never reads a property for its side effect (a comlink
// remote's getters only matter when their value is used), so reads with unused results may go.
const min = () => terser(SDK_MINIFY);
// The host's and the demos' minifier: terser's defaults, which keep the code's behaviour (no
// assumption about getters), without comments.
const HOST_MINIFY = { ecma: 2020, module: true, format: { comments: false } };

/**
 * One browser bundle: `input` (TypeScript, compiled with `tsconfig`) to `file`, with source maps;
 * `resolve` bundles npm dependencies (comlink), `minify` applies the SDK's minifier.
 */
const bundle = (input, file, tsconfig, { format = 'es', resolve = true, minify = false } = {}) => ({
  input,
  output: { file, format, sourcemap: true },
  plugins: [...(resolve ? [nodeResolve({ browser: true })] : []), ts(tsconfig, dirname(file)), ...(minify ? [min()] : [])],
});

export default [
  bundle('sdk/src/global.ts', 'sdk/dist/embed.js', 'sdk/tsconfig.json', { format: 'iife', minify: true }),
  bundle('sdk/src/index.ts', 'sdk/dist/embed.mjs', 'sdk/tsconfig.json'),
  // embedkit/sdk/mock: the SDK's interface without a host, for an app's unit tests.
  bundle('sdk/src/mock.ts', 'sdk/dist/mock.mjs', 'sdk/tsconfig.json'),
  // embedkit/liff: the plugin for the platform's current SDK, its own bundles (the script-tag SDK
  // above stays the size it was); @line/liff is the app's, only its types are read here.
  bundle('sdk/src/liff/index.ts', 'sdk/dist/liff.mjs', 'sdk/tsconfig.json'),
  bundle('sdk/src/liff/global.ts', 'sdk/dist/liff.js', 'sdk/tsconfig.json', { format: 'iife', minify: true }),
  // The host as a product (docs/project/host-delivery.md): minified, its entry `host.js` (what a
  // phone's chats and an app's session need) and a chunk per screen loaded when it opens, under
  // content-hashed names the server lets a browser keep (server/src/static/delivery.ts). Source
  // maps sit beside them, fetched only by a browser's developer tools.
  {
    input: { host: 'host/src/main.ts' },
    output: {
      dir: 'host/dist',
      format: 'es',
      sourcemap: true,
      entryFileNames: '[name].js',
      chunkFileNames: 'chunks/[name]-[hash].js',
    },
    // A schema the host never reads goes, and TypeBox with it: the builders' calls are marked pure
    // (pureSchemas), and reading a property has no effect the host relies on (the contract composes
    // schemas from other schemas' properties at load).
    treeshake: { propertyReadSideEffects: false },
    plugins: [
      simulatorRouteTable(),
      nodeResolve({ browser: true }),
      ts('host/tsconfig.json', 'host/dist'),
      pureSchemas(),
      terser(HOST_MINIFY),
    ],
  },
  // jsqr for scanCodeV2 without BarcodeDetector: a file of its own, loaded when a scan starts (host/src/scan/decode.ts).
  {
    input: 'host/src/scan/qr-decoder.ts',
    output: { file: 'host/dist/qr-decoder.js', format: 'es', sourcemap: true },
    plugins: [nodeResolve({ browser: true }), commonjs(), ts('host/tsconfig.json', 'host/dist'), terser(HOST_MINIFY)],
  },
  bundle('demo/app/src/main.ts', 'demo/app/dist/app.js', 'demo/tsconfig.json'),
  bundle('demo/login/src/main.ts', 'demo/login/dist/login.js', 'demo/tsconfig.json', { resolve: false }),
  // The demo on the platform's current SDK: @line/liff from npm (some of its dependencies are
  // CommonJS) and the plugin, bundled as an app would bundle them.
  {
    input: 'demo/liff-app/src/main.ts',
    output: { file: 'demo/liff-app/dist/app.js', format: 'iife', sourcemap: true },
    // Minified as an app is built for production: the MINI App a developer measures is the shipped one.
    plugins: [
      nodeResolve({ browser: true }),
      commonjs(),
      ts('demo/tsconfig.json', 'demo/liff-app/dist'),
      terser({ ...HOST_MINIFY, module: false }),
    ],
  },
];
