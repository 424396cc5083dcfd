/**
 * The platform's published starter for its current SDK (`line/line-liff-v2-starter`, `src/vanilla`),
 * its source unmodified but for the plugin lines, bundled with the project's bundler and run in the
 * host. The starter is read from its public repository's mirror (`fetch github:line/line-liff-v2-starter`);
 * without the mirror the test is skipped.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { rollup, type Plugin } from 'rollup';
import { commonjs, nodeResolve } from '../../bench/lib/plugins.js';
import { ALICE, expect, test } from '../support/fixtures.js';
import { channelToken } from '../support/platform.js';

const MIRROR = process.env.LIFF_STARTER_GIT ?? '/work/.mirror/line+line-liff-v2-starter/repo';
const STARTER_ORIGIN = 'https://starter.test';

/** A file of the starter at the mirror's HEAD. */
const starterFile = (path: string) => execFileSync('git', ['--git-dir', MIRROR, 'show', `HEAD:src/vanilla/${path}`], { encoding: 'utf8' });

/**
 * The starter's index.js with the plugin lines: embedkit's plugin imported first (it gives the
 * frame web storage before @line/liff reads it) and `liff.use(new EmbedkitPlugin())` before init.
 */
function withPlugin(source: string): string {
  const used = source.replace(/(\n\s*)liff(\s*)\.init\(/, '$1liff.use(new EmbedkitPlugin());$1liff$2.init(');
  if (used === source) throw new Error('the starter no longer calls liff.init as expected');
  return `import { EmbedkitPlugin } from 'embedkit/liff';\n${used}`;
}

/** Bundles the starter as its webpack config does: `process.env.LIFF_ID` defined, the CSS import left to the page's link. */
async function buildStarter(liffId: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'embedkit-liff-starter-'));
  writeFileSync(join(dir, 'index.js'), withPlugin(starterFile('index.js')));
  const build: Plugin = {
    name: 'starter-build',
    resolveId: (id) => (id === 'embedkit/liff' ? resolve('sdk/dist/liff.mjs') : id.endsWith('.css') ? `\0css:${id}` : null),
    load: (id) => (id.startsWith('\0css:') ? '' : null),
    transform: (code) => code.replaceAll('process.env.LIFF_ID', JSON.stringify(liffId)),
  };
  const bundle = await rollup({
    input: join(dir, 'index.js'),
    plugins: [build, nodeResolve({ browser: true, rootDir: process.cwd(), modulePaths: [resolve('node_modules')] }), commonjs()],
    onwarn: () => undefined,
  });
  const { output } = await bundle.generate({ format: 'iife' });
  await bundle.close();
  return output[0].code;
}

test('the published starter (src/vanilla) runs in the host with the plugin line', async ({ page, server }) => {
  test.skip(!existsSync(MIRROR), 'the starter repository is not mirrored here');
  const token = await channelToken(server.baseUrl);
  const added = await fetch(`${server.baseUrl}/embed/v1/apps`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ view: { type: 'full', url: `${STARTER_ORIGIN}/` } }),
  });
  expect(added.status).toBe(200);
  const { embedId } = (await added.json()) as { embedId: string };
  const script = await buildStarter(embedId);
  // The starter's page as its webpack build serves it: its HTML with the bundle, its CSS.
  const html = starterFile('index.html').replace('</body>', '<script src="main.js"></script></body>');
  await page.route(`${STARTER_ORIGIN}/**`, (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === '/') return route.fulfill({ contentType: 'text/html', body: html });
    if (path === '/main.js') return route.fulfill({ contentType: 'text/javascript', body: script });
    if (path === '/index.css') return route.fulfill({ contentType: 'text/css', body: starterFile('index.css') });
    return route.fulfill({ status: 404, body: '' });
  });
  const logged = new Promise<string>((done) => page.on('console', (m) => m.text().startsWith('Success!') && done(m.text())));
  await page.goto(`${server.baseUrl}/?app=${embedId}&user=${ALICE}`);
  await expect(page.frameLocator('#app-frame').locator('.home__title')).toContainText('LIFF Starter!');
  expect(await logged).toBe('Success! you can do something with LIFF API here.');
  await expect(page.locator('#bridge-log .log-entry[data-method="liffInit"][data-outcome="ok"]')).toHaveCount(1);
});
