/**
 * The replacement modules a dev-server integration that cannot serve virtual modules
 * (`embedkit/next`, `embedkit/nuxt`) writes into the app's `node_modules/.cache/embedkit/<tool>/`:
 * a copy of `embedkit/liff` and, for each SDK name the app has installed, a module of
 * {@link wrapperSource} that imports the real SDK by its file, which no alias redirects.
 */
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { packagePath } from '../runtime/package-root.js';
import { sdkPackageEntry, specifier } from './entry.js';
import { wrapperSource } from './source.js';

/** `embedkit/liff`'s ES module bundle, in the package this module belongs to (runtime/package-root.ts). */
const LIFF_PLUGIN_FILE = packagePath('sdk/dist/liff.mjs');

/** The SDK's names the app imports, with their `exports` subpath and the name of their replacement file. */
const WRAPPED = [
  { sdk: '@line/liff', subpath: '.', name: 'liff' },
  { sdk: '@line/liff/core', subpath: './core', name: 'liff-core' },
] as const;

/** How one integration's bundler reads the files. */
export interface WrapperFlavour {
  /** The integration, as its error messages and cache folder name it. */
  tool: 'next' | 'nuxt';
  /** The `exports` condition of the SDK entry imported: `import` (an ES module bundler), `require` (webpack 4). */
  condition: 'import' | 'require';
  /** The files' extension: `mjs`, or `js` where the app's own Babel must compile them (Nuxt 2). */
  extension: 'mjs' | 'js';
}

/**
 * Writes the replacement modules for the SDK names the app has installed.
 * @param projectDir the app's folder, where its `node_modules` is
 * @param server the embedkit origin the app's LIFF calls go to
 * @returns each installed SDK name with its replacement file (absolute), and the cache folder
 * @throws Error when the app has no `@line/liff` installed (nothing to run against embedkit)
 */
export function writeLiffWrappers(
  projectDir: string,
  server: string,
  { tool, condition, extension }: WrapperFlavour,
): { aliases: Record<string, string>; dir: string } {
  const dir = join(projectDir, 'node_modules', '.cache', 'embedkit', tool);
  mkdirSync(dir, { recursive: true });
  const plugin = join(dir, `embedkit-liff.${extension}`);
  copyFileSync(LIFF_PLUGIN_FILE, plugin);
  const aliases: Record<string, string> = {};
  for (const { sdk, subpath, name } of WRAPPED) {
    const entry = sdkPackageEntry(projectDir, subpath, condition);
    if (!entry) continue;
    const wrapper = join(dir, `${name}.${extension}`);
    writeFileSync(wrapper, wrapperSource(specifier(dir, plugin), specifier(dir, entry), server));
    aliases[sdk] = wrapper;
  }
  if (!aliases['@line/liff']) throw new Error(`embedkit/${tool}: @line/liff is not installed in ${projectDir} (npm install @line/liff)`);
  return { aliases, dir };
}
