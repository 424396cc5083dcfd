/**
 * SDK size: embedkit's script-tag bundle, minified + gzip, against the platform SDK it replaces
 * (`@line/liff` 2.31.0: the full package, and the pluggable core with the five APIs embedkit has)
 * and `comlink` alone (the floor: embedkit bundles it); and the plugin for `@line/liff`
 * (`sdk/dist/liff.js`) against `@line/liff` itself. All anchors are bundled with the same tool
 * (rollup + terser) from npm, in this run.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { rollup } from 'rollup';
import SDK_MINIFY from '../../scripts/sdk-minify.json' with { type: 'json' };
import { commonjs, nodeResolve, terser } from '../lib/plugins.js';
import type { Figure } from '../lib/report.js';
import { summarize } from '../lib/stats.js';

/** gzip size (bytes, level 9) of a file's content. */
const gzipBytes = (code: string | Buffer) => gzipSync(code, { level: 9 }).length;

/** Bundles an entry source as a minified IIFE, exactly like the SDK's own build. @returns the code */
async function bundle(name: string, source: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'embedkit-bench-size-'));
  const entry = join(dir, `${name}.mjs`);
  writeFileSync(entry, source);
  const build = await rollup({
    input: entry,
    plugins: [
      nodeResolve({ browser: true, rootDir: process.cwd(), modulePaths: [join(process.cwd(), 'node_modules')] }),
      commonjs(),
      terser(SDK_MINIFY as Parameters<typeof terser>[0]),
    ],
    onwarn: () => undefined,
  });
  const { output } = await build.generate({ format: 'iife', name: 'bench' });
  await build.close();
  return output[0].code;
}

export async function sdkSize(): Promise<Figure[]> {
  const sdk = readFileSync('sdk/dist/embed.js');
  const liffFull = await bundle('liff-full', `import liff from '@line/liff'; window.liff = liff;`);
  const liffCore = await bundle(
    'liff-core',
    [
      `import liff from '@line/liff/core';`,
      `import GetProfile from '@line/liff/get-profile';`,
      `import SendMessages from '@line/liff/send-messages';`,
      `import OpenWindow from '@line/liff/open-window';`,
      `import CloseWindow from '@line/liff/close-window';`,
      `liff.use(new GetProfile()); liff.use(new SendMessages()); liff.use(new OpenWindow()); liff.use(new CloseWindow());`,
      `window.liff = liff;`,
    ].join('\n'),
  );
  const comlink = await bundle('comlink', `import * as Comlink from 'comlink'; window.Comlink = Comlink;`);
  const sdkBytes = gzipBytes(sdk);
  const anchors: Array<[string, string, string]> = [
    ['@line/liff full', '@line/liff 2.31.0', liffFull],
    ['@line/liff core + 5 APIs', 'liff/core+5', liffCore],
    ['comlink alone', 'comlink (floor)', comlink],
  ];
  // The plugin for the platform's current SDK is a bundle of its own (`embedkit/liff`): the app
  // loads it beside @line/liff, so it is weighed against the SDK it plugs into.
  const pluginBytes = gzipBytes(readFileSync('sdk/dist/liff.js'));
  const liffFullBytes = gzipBytes(liffFull);
  const plugin: Figure = {
    figure: 'embedkit/liff plugin size vs @line/liff full',
    unit: 'KB gzip',
    embedkit: summarize([pluginBytes / 1024]),
    anchor: { name: '@line/liff 2.31.0', value: summarize([liffFullBytes / 1024]) },
    ratio: pluginBytes / liffFullBytes,
    target: '<= 25% of @line/liff',
    pass: pluginBytes <= liffFullBytes / 4,
  };
  const figures = anchors.map(([versus, name, code]): Figure => {
    const anchorBytes = gzipBytes(code);
    return {
      figure: `SDK size vs ${versus}`,
      unit: 'KB gzip',
      embedkit: summarize([sdkBytes / 1024]),
      anchor: { name, value: summarize([anchorBytes / 1024]) },
      ratio: sdkBytes / anchorBytes,
      target: '<= 4 KB',
      pass: sdkBytes <= 4 * 1024,
    };
  });
  return [...figures, plugin];
}
