/**
 * An app on `@line/liff` made by the platform's scaffolder with its Next.js TypeScript template,
 * its code unchanged (`e2e/fixtures/next-liff-app/`: `withEmbedkit` in its next.config, its LIFF ID
 * in `.env.local`), run as a developer runs it: `embedkit dev -- next dev` (Turbopack, Next.js's
 * default). The host opens it by the link `embedkit dev` prints and the template's own page says
 * "LIFF init succeeded.".
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { ALICE, expect, test } from './fixtures.js';
import { NEXT_FIXTURE_LIFF_ID, makeNextLiffApp, removeNextLiffApp } from './next-liff-app.js';

let dir: string | undefined;
let dev: ChildProcess | undefined;

test.afterAll(async () => {
  if (dev && dev.exitCode === null && dev.signalCode === null) {
    dev.kill('SIGINT');
    await once(dev, 'exit');
  }
  if (dir) removeNextLiffApp(dir);
});

/** A TCP port free on loopback now (`next dev` prints the port it was given, not one it picked). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

test('the scaffolder’s Next.js template, unchanged, under embedkit dev and withEmbedkit inits in the host', async ({ page }) => {
  // A first compile of the page by Turbopack takes seconds on a loaded machine.
  test.setTimeout(180_000);
  dir = makeNextLiffApp();
  const next = join(dir, 'node_modules/next/dist/bin/next');
  dev = spawn(
    process.execPath,
    [resolve('server/dist/cli.js'), 'dev', '--port', '0', '--', process.execPath, next, 'dev', '--port', String(await freePort())],
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } },
  );
  let out = '';
  const link = await new Promise<string>((done, fail) => {
    const read = (c: Buffer) => {
      out += c.toString();
      const m = /is app \S+: open (http:\/\/localhost:\d+\/\?app=\S+)/.exec(out);
      if (m) done(m[1]!);
    };
    dev!.stdout!.on('data', read);
    dev!.stderr!.on('data', read);
    dev!.once('exit', (code) => fail(new Error(`embedkit dev exited with ${code}:\n${out}`)));
  });
  expect(link).toContain(`?app=${NEXT_FIXTURE_LIFF_ID}`);
  await page.goto(`${link}&user=${ALICE}`);
  const app = page.frameLocator('#app-frame');
  await expect(app.locator('main'), out).toContainText('LIFF init succeeded.', { timeout: 120_000 });
  await expect(app.locator('main')).not.toContainText('LIFF init failed.');
  await expect(page.locator('#bridge-log .log-entry[data-method="liffInit"][data-outcome="ok"]')).toHaveCount(1);
});
