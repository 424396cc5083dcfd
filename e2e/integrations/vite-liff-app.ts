/**
 * Projects of their own for the specs of Vite apps on `@line/liff` that know nothing of embedkit,
 * as a developer has them: a folder with a package.json and a node_modules that holds what the
 * app's dev server and build load and `embedkit` (this checkout, linked as `npm link` would).
 * - {@link makeViteLiffApp}: `e2e/fixtures/vite-liff-app/` (an app with `embedkit()` in its
 *   vite.config and its LIFF ID in `.env`), or the same app on `@line/liff/core`;
 * - {@link makeCreateLiffApp}: one of the platform scaffolder's Vite templates as
 *   `npx @line/create-liff-app` makes it (`e2e/fixtures/create-liff-app/<template>/`).
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** The fixture's LIFF ID (its `.env`): made in the platform's console, unknown to the default world. */
export const FIXTURE_LIFF_ID = '2001234567-AbCdEfGh';
/** The LIFF ID of `e2e/fixtures/liff-core-app/` (its main.js and .env over the vite app's files): the same app on `@line/liff/core` and three modules. */
export const CORE_FIXTURE_LIFF_ID = '2001234567-CoreMods';

/** This checkout. */
const ROOT = resolve(import.meta.dirname, '../..');

/**
 * Links each package into the project's node_modules.
 * @param links the package's name in the project → its folder, relative to this checkout
 * @throws Error naming the folder when one is missing (a devDependency `npm ci` has not installed)
 */
function linkModules(dir: string, links: Readonly<Record<string, string>>): void {
  for (const [name, target] of Object.entries(links)) {
    if (!existsSync(join(ROOT, target))) throw new Error(`${target} is missing: run npm ci (the project's ${name})`);
    mkdirSync(join(dir, 'node_modules', name, '..'), { recursive: true });
    symlinkSync(join(ROOT, target), join(dir, 'node_modules', name));
  }
}

/**
 * A new project folder (remove it with {@link removeViteLiffApp}).
 * @param fixture the folder of `e2e/fixtures/` it is made from
 */
export function makeViteLiffApp(fixture: 'vite-liff-app' | 'liff-core-app' = 'vite-liff-app'): string {
  const dir = mkdtempSync(join(tmpdir(), 'embedkit-vite-app-'));
  // The core app is the same project (page, vite.config) with its own main.js and .env.
  cpSync(join(ROOT, 'e2e/fixtures/vite-liff-app'), dir, { recursive: true });
  if (fixture !== 'vite-liff-app') cpSync(join(ROOT, 'e2e/fixtures', fixture), dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'vite-liff-app', private: true, type: 'module' }));
  linkModules(dir, { '@line/liff': 'node_modules/@line/liff', vite: 'node_modules/vite', embedkit: '.' });
  return dir;
}

/** The Vite templates of `@line/create-liff-app` 1.1.0 in TypeScript, each in `e2e/fixtures/create-liff-app/<name>/`. */
export type CreateLiffAppTemplate = 'vanilla-ts' | 'react-ts' | 'vue-ts' | 'svelte-ts';

/** What {@link CREATE_LIFF_APP} knows of a template. */
export interface CreateLiffAppFixture {
  /** The LIFF ID the scaffolder wrote to the fixture's `.env` (`VITE_LIFF_ID`): unknown to the default world. */
  liffId: string;
  /**
   * The packages the scaffolder installs for the template (its `dependencies`,
   * `devDependencies` and `tsDevDependencies`) that `vite` and `vite build` load, each → its
   * folder in this checkout. Left out: the type checkers the template's `build` script runs
   * before `vite build` (`typescript` for vanilla and React, `vue-tsc`, `svelte-check`) and the
   * `@types/` packages, which no bundler reads.
   */
  modules: Readonly<Record<string, string>>;
}

const LIFF_AND_VITE = { '@line/liff': 'node_modules/@line/liff', vite: 'node_modules/vite' } as const;

/**
 * The four Vite templates. Each takes today's newest version of every package the scaffolder
 * installs (what `npm install --save-exact <name>` picks), but React: the react-ts template's
 * `ReactDOM.render` is gone from React 19, so its project has React 18, as its users pin it
 * (`e2e/fixtures/create-liff-app/react-18-pin/`).
 */
export const CREATE_LIFF_APP: Readonly<Record<CreateLiffAppTemplate, CreateLiffAppFixture>> = {
  'vanilla-ts': { liffId: '2001234567-ClaVanil', modules: LIFF_AND_VITE },
  'react-ts': {
    liffId: '2001234567-ClaReact',
    modules: {
      ...LIFF_AND_VITE,
      react: 'e2e/fixtures/create-liff-app/react-18-pin/node_modules/react',
      'react-dom': 'e2e/fixtures/create-liff-app/react-18-pin/node_modules/react-dom',
      '@vitejs/plugin-react': 'node_modules/@vitejs/plugin-react',
    },
  },
  'vue-ts': {
    liffId: '2001234567-ClaVue01',
    modules: { ...LIFF_AND_VITE, vue: 'node_modules/vue', '@vitejs/plugin-vue': 'node_modules/@vitejs/plugin-vue' },
  },
  'svelte-ts': {
    liffId: '2001234567-ClaSvelt',
    modules: {
      ...LIFF_AND_VITE,
      svelte: 'node_modules/svelte',
      '@sveltejs/vite-plugin-svelte': 'node_modules/@sveltejs/vite-plugin-svelte',
      // Read by Vite's transform through the template's tsconfig.json ("extends"), and by svelte-preprocess.
      '@tsconfig/svelte': 'node_modules/@tsconfig/svelte',
      'svelte-preprocess': 'node_modules/svelte-preprocess',
      typescript: 'node_modules/typescript',
      tslib: 'node_modules/tslib',
    },
  },
};

/**
 * The folders of {@link CreateLiffAppFixture.modules} this checkout lacks (relative to it): the
 * devDependencies a checkout installed before they were added (`@tsconfig/svelte`, the React 18 pin).
 */
export function missingModules(template: CreateLiffAppTemplate): string[] {
  return Object.values(CREATE_LIFF_APP[template].modules).filter((target) => !existsSync(join(ROOT, target)));
}

/**
 * A new project made as `npx @line/create-liff-app` makes one from `template` (remove it with
 * {@link removeViteLiffApp}): the template's files, its `.gitignore.default` renamed, its
 * package.json with the project's name, the `.env` with the LIFF ID (both in the fixture, with
 * `embedkit()` in its vite.config), and {@link CreateLiffAppFixture.modules} linked as installed.
 */
export function makeCreateLiffApp(template: CreateLiffAppTemplate): string {
  const dir = mkdtempSync(join(tmpdir(), `embedkit-cla-${template}-`));
  cpSync(join(ROOT, 'e2e/fixtures/create-liff-app', template), dir, { recursive: true });
  renameSync(join(dir, '.gitignore.default'), join(dir, '.gitignore'));
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ ...pkg, name: 'my-app' }, null, 2));
  linkModules(dir, { ...CREATE_LIFF_APP[template].modules, embedkit: '.' });
  return dir;
}

/** Removes a project made by {@link makeViteLiffApp} or {@link makeCreateLiffApp} (the links only, never what they point at). */
export function removeViteLiffApp(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
