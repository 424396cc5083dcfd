/** Bundles the bench harness pages (bench/pages/*.ts → bench/dist/*.js) with the project's rollup setup. */
import { rollup } from 'rollup';
import { nodeResolve, typescript } from './plugins.js';

/** @returns nothing; writes bench/dist/stub-host.js and bench/dist/app.js */
export async function buildPages(): Promise<void> {
  for (const name of ['stub-host', 'app']) {
    const build = await rollup({
      input: `bench/pages/${name}.ts`,
      plugins: [
        nodeResolve({ browser: true }),
        typescript({
          tsconfig: 'bench/pages/tsconfig.json',
          outDir: 'bench/dist',
          module: 'NodeNext',
          declaration: false,
          noEmitOnError: true,
        }),
      ],
      onwarn: () => undefined,
    });
    await build.write({ file: `bench/dist/${name}.js`, format: 'es' });
    await build.close();
  }
}
