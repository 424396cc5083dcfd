/**
 * The platform scaffolder's Vite templates in TypeScript (`npx @line/create-liff-app`, 1.1.0:
 * vanilla-ts, react-ts, vue-ts, svelte-ts), their code unchanged, run as a developer runs them:
 * `embedkit dev -- vite`. The host opens each by the link `embedkit dev` prints and the template's
 * own page says "LIFF init succeeded."; its production `vite build` holds `@line/liff` and nothing
 * of embedkit. The Next.js TypeScript template's `next build` (`e2e/fixtures/next-liff-app/`, whose
 * dev server `e2e/integrations/next-liff.spec.ts` runs) is checked the same way here.
 *
 * What differs from the templates (`e2e/fixtures/create-liff-app/<template>/`), line by line:
 * - every template: `.env` (`VITE_LIFF_ID=<LIFF ID>`), which the scaffolder writes from its
 *   prompt; and the project's package.json gets its name (`my-app`), as the scaffolder does;
 * - vanilla-ts: `vite.config.mjs` is new (the template has no config): `embedkit()` is its one
 *   plugin (`.mjs`: the template's package.json does not declare ES modules);
 * - react-ts, vue-ts (`vite.config.ts`), svelte-ts (`vite.config.js`): `import embedkit from
 *   'embedkit/vite'` and `embedkit()` after the template's own plugin;
 * - svelte-ts: `svelte.config.js` gains `compilerOptions: { compatibility: { componentApi: 4 } }`:
 *   the template's main.ts mounts with `new App({ target })`, which Svelte 5 (what the scaffolder
 *   installs today) refuses unless told to keep Svelte 4's component API; this is Svelte's own
 *   migration setting, the smallest change, and the app's code stays as it is;
 * - react-ts: no file differs; its project has React 18 instead of 19 (`vite-liff-app.ts`,
 *   `CREATE_LIFF_APP`), as its users pin it: its main.tsx calls `ReactDOM.render`, which React 19
 *   removed (unpinned, the page stays blank, a TypeError in the console).
 *
 * The Nuxt template (nuxtjs-ts) is Nuxt 2, which the scaffolder can no longer make (`create-nuxt-app`
 * is now a wrapper of Nuxt 4's `create-nuxt` that ignores its answers); its project is the one its
 * users pin (`e2e/integrations/nuxt2-liff-app.ts`: installed once with `npm ci` from the fixture's lockfile, run
 * with `NODE_OPTIONS=--openssl-legacy-provider`) and it runs as `embedkit dev -- nuxt dev`. What
 * differs from the template (`e2e/fixtures/create-liff-app/nuxtjs-ts/`):
 * - new: `.env` (`LIFF_ID=<LIFF ID>`, the scaffolder's), and what create-nuxt-app 5 wrote around
 *   the template: package.json (Nuxt 2.18's packages, `@line/liff`, and `"overrides": {"webpack":
 *   "^4.47.0"}`, without which npm takes a webpack 4 that Nuxt 2 fails on), package-lock.json,
 *   tsconfig.json;
 * - nuxt.config.js: `env: { LIFF_ID: process.env.LIFF_ID }`, without which the template fails in
 *   LINE too ("liffId is necessary for liff.init()": Nuxt 2 hands the browser no variable it is
 *   not told to), and `'embedkit/nuxt'` after `'@nuxt/typescript-build'` in `buildModules`.
 */
import { execFile, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startEmbedkitDev, stopEmbedkitDev } from './embedkit-dev.js';
import { ALICE, expect, test } from '../support/fixtures.js';
import { makeNextLiffApp, removeNextLiffApp } from './next-liff-app.js';
import { makeNuxt2LiffApp, NUXT2_ENV, NUXT_FIXTURE_LIFF_ID } from './nuxt2-liff-app.js';
import { CREATE_LIFF_APP, makeCreateLiffApp, missingModules, removeViteLiffApp, type CreateLiffAppTemplate } from './vite-liff-app.js';

const run = promisify(execFile);

let dir: string | undefined;
let dev: ChildProcess | undefined;

test.afterEach(async () => {
  if (dev) await stopEmbedkitDev(dev);
  if (dir) removeViteLiffApp(dir);
  dev = undefined;
  dir = undefined;
});

/** The text of every file under `outDir` (a build's output for the browser), by its path. */
function builtFiles(outDir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) files.set(join(entry.parentPath, entry.name), readFileSync(join(entry.parentPath, entry.name), 'latin1'));
  }
  return files;
}

/**
 * Checks a production build for the browser: the app and `@line/liff` are in (the template's own
 * text, the SDK's LIFF server address), and nothing of embedkit: its name (its packages, the
 * bridge's protocol `embedkit-bridge`) and Comlink, which only its bridge brings.
 */
function expectNothingOfEmbedkit(outDir: string): void {
  const files = builtFiles(outDir);
  const all = [...files.values()].join('\n');
  expect(all).toContain('LIFF init succeeded.');
  expect(all).toContain('liff.line.me');
  for (const [file, text] of files) expect(text, file).not.toMatch(/embedkit|Comlink/i);
}

for (const template of Object.keys(CREATE_LIFF_APP) as CreateLiffAppTemplate[]) {
  test(`create-liff-app’s ${template} template, unchanged, inits in the host under embedkit dev; its build holds nothing of embedkit`, async ({
    page,
  }) => {
    const missing = missingModules(template);
    test.skip(missing.length > 0, `not installed in this checkout (npm ci): ${missing.join(', ')}`);
    dir = makeCreateLiffApp(template);
    const vite = join(dir, 'node_modules/vite/bin/vite.js');
    const started = await startEmbedkitDev(dir, [process.execPath, vite, '--port', '0']);
    dev = started.process;
    expect(started.link).toContain(`?app=${CREATE_LIFF_APP[template].liffId}`);
    await page.goto(`${started.link}&user=${ALICE}`);
    const app = page.frameLocator('#app-frame');
    await expect(app.locator('body')).toContainText('LIFF init succeeded.');
    await expect(app.locator('body')).not.toContainText('LIFF init failed.');
    // React's template calls init from an effect without dependencies: once per render.
    await expect(page.locator('#bridge-log .log-entry[data-method="liffInit"][data-outcome="ok"]').first()).toBeAttached();
    await stopEmbedkitDev(dev);
    dev = undefined;

    // The production build, as the template's `build` script runs it after its type check.
    await run(process.execPath, [vite, 'build', '--outDir', 'dist', '--logLevel', 'warn'], { cwd: dir });
    expectNothingOfEmbedkit(join(dir, 'dist'));
  });
}

test('the Next.js TypeScript template’s next build, withEmbedkit in its config, holds nothing of embedkit', async () => {
  // `next build` type-checks and compiles with Turbopack: 10 to 25 s on a loaded 2-core machine.
  test.setTimeout(180_000);
  const next = makeNextLiffApp();
  try {
    await run(process.execPath, [join(next, 'node_modules/next/dist/bin/next'), 'build'], {
      cwd: next,
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    });
    // What the browser loads; the server's files name the project's folder, whatever it is called.
    expectNothingOfEmbedkit(join(next, '.next/static'));
  } finally {
    removeNextLiffApp(next);
  }
});

test('create-liff-app’s nuxtjs-ts template (Nuxt 2), unchanged, inits in the host under embedkit dev; its nuxt build holds nothing of embedkit', async ({
  page,
}) => {
  // The first run installs Nuxt 2 (npm ci: 20 s with a warm npm cache, 70 s cold); each compile (nuxt dev, nuxt build) takes 10 to 20 s.
  test.setTimeout(600_000);
  const app = await makeNuxt2LiffApp();
  const nuxt = join(app, 'node_modules/nuxt/bin/nuxt.js');
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('LIFF init')) logged.push(message.text());
  });
  const started = await startEmbedkitDev(app, [process.execPath, nuxt, 'dev', '--port', '0'], NUXT2_ENV);
  dev = started.process;
  expect(started.link).toContain(`?app=${NUXT_FIXTURE_LIFF_ID}`);
  await page.goto(`${started.link}&user=${ALICE}`);
  const frame = page.frameLocator('#app-frame');
  // Nuxt 2's dev server shows its loading screen until the first compile ends, then the app.
  await expect(frame.locator('main')).toContainText('LIFF init succeeded.', { timeout: 180_000 });
  await expect(frame.locator('main')).not.toContainText('LIFF init failed.');
  expect(logged).toEqual(['LIFF init succeeded.']);
  await expect(page.locator('#bridge-log .log-entry[data-method="liffInit"][data-outcome="ok"]').first()).toBeAttached();
  await stopEmbedkitDev(dev);
  dev = undefined;

  // The production build, as the template's `build` script runs it.
  await run(process.execPath, [nuxt, 'build'], { cwd: app, env: { ...process.env, ...NUXT2_ENV }, maxBuffer: 16 * 1024 * 1024 });
  expectNothingOfEmbedkit(join(app, '.nuxt/dist/client'));
});
