/** Bundles the bench harness pages (bench/browser/pages/*.ts → bench/dist/*.js) with the project's rollup setup. */
import { rollup } from 'rollup';
import { commonjs, nodeResolve, typescript } from '../lib/plugins.js';

/**
 * Bundles one page, `bench/browser/pages/<name>.ts`, into `bench/dist/<name>.js`.
 * @param options `format` of the output (default `es`); `commonjs` also bundles CommonJS packages (`@line/liff` is partly CommonJS)
 */
export async function buildPage(name: string, options: { format?: 'es' | 'iife'; commonjs?: boolean } = {}): Promise<void> {
  const build = await rollup({
    input: `bench/browser/pages/${name}.ts`,
    plugins: [
      nodeResolve({ browser: true }),
      ...(options.commonjs ? [commonjs()] : []),
      typescript({
        tsconfig: 'bench/browser/pages/tsconfig.json',
        outDir: 'bench/dist',
        module: 'NodeNext',
        declaration: false,
        noEmitOnError: true,
      }),
    ],
    onwarn: () => undefined,
  });
  await build.write({ file: `bench/dist/${name}.js`, format: options.format ?? 'es' });
  await build.close();
}

/** @returns nothing; writes bench/dist/stub-host.js and bench/dist/app.js */
export async function buildPages(): Promise<void> {
  for (const name of ['stub-host', 'app']) await buildPage(name);
}
