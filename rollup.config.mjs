// Bundles the browser code: the SDK (IIFE for script tags, ESM for bundlers), the host shell and
// the demo app. The server is compiled by tsc instead (see scripts/build.mjs).
import typescript from '@rollup/plugin-typescript';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import SDK_MINIFY from './scripts/sdk-minify.json' with { type: 'json' };

// module: the plugin puts its default `module: esnext` next to the entry tsconfig's own options,
// which hides the inherited NodeNext and clashes with `moduleResolution: NodeNext` (TS5110).
// outDir: the plugin requires the output file to sit inside outDir; the tsconfigs' outDir is for tsc.
const ts = (tsconfig, outDir) =>
  typescript({ tsconfig, outDir, module: 'NodeNext', declaration: false, declarationMap: false, noEmitOnError: true });
// The script-tag SDK's minifier (scripts/sdk-minify.json, shared with the size benchmark). passes: 3 lets terser inline the call pipeline into the table of
// `embed` calls; pure_getters: the SDK never reads a property for its side effect (a comlink
// remote's getters only matter when their value is used), so reads with unused results may go.
const min = () => terser(SDK_MINIFY);

export default [
  {
    input: 'sdk/src/global.ts',
    output: { file: 'sdk/dist/embed.js', format: 'iife', sourcemap: true },
    plugins: [nodeResolve({ browser: true }), ts('sdk/tsconfig.json', 'sdk/dist'), min()],
  },
  {
    input: 'sdk/src/index.ts',
    output: { file: 'sdk/dist/embed.mjs', format: 'es', sourcemap: true },
    plugins: [nodeResolve({ browser: true }), ts('sdk/tsconfig.json', 'sdk/dist')],
  },
  {
    // embedkit/sdk/mock: the SDK's interface without a host, for an app's unit tests.
    input: 'sdk/src/mock.ts',
    output: { file: 'sdk/dist/mock.mjs', format: 'es', sourcemap: true },
    plugins: [ts('sdk/tsconfig.json', 'sdk/dist')],
  },
  {
    input: 'host/src/main.ts',
    output: { file: 'host/dist/host.js', format: 'es', sourcemap: true },
    plugins: [nodeResolve({ browser: true }), ts('host/tsconfig.json', 'host/dist')],
  },
  {
    input: 'demo/app/src/main.ts',
    output: { file: 'demo/app/dist/app.js', format: 'es', sourcemap: true },
    plugins: [nodeResolve({ browser: true }), ts('demo/tsconfig.json', 'demo/app/dist')],
  },
  {
    input: 'demo/login/src/main.ts',
    output: { file: 'demo/login/dist/login.js', format: 'es', sourcemap: true },
    plugins: [ts('demo/tsconfig.json', 'demo/login/dist')],
  },
];
