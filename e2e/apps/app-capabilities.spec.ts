// Real apps run unmodified: a page written like the platform's published samples calls
// init with a success callback only and shows results with alert/confirm/prompt; in the host it
// gets its init data, the bridge log and the page's console warn that the spec requires an error
// callback, and the dialogs reach the person. The frame has the web view's permissions (clipboard,
// geolocation, camera, microphone, full screen, downloads) and no others (USB, payment, serial);
// top navigation stays blocked.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, ALICE } from '../support/fixtures.js';
import { botPost, channelToken } from '../support/platform.js';

/** A page like the platform's samples, served from its own origin, loading the SDK from the host. */
function samplePage(host: string): string {
  return `<!doctype html><html><body><p id="lang">…</p>
<button id="alert">alert</button><button id="confirm">confirm</button><button id="prompt">prompt</button><button id="top">top</button>
<button id="copy">copy</button><a id="download" href="/sample.html" download="sample.html">download</a><pre id="features"></pre><p id="copied"></p>
<script src="${host}/sdk/v1/sdk.js"></script>
<script>
console.log('page loaded', { answer: 42 });
embed.init(function (data) {
  document.getElementById('lang').textContent = 'language ' + data.language;
  console.warn('<b>not markup</b>');
  fetch('/missing-endpoint').then(function (r) { document.body.dataset.fetched = String(r.status); });
  document.body.dataset.token = String(embed.getAccessToken());
  setTimeout(function () { throw new Error('boom from the app'); });
});
document.getElementById('alert').onclick = function () { alert('Hello from the app'); };
document.getElementById('confirm').onclick = function () { document.body.dataset.confirmed = String(confirm('Sure?')); };
document.getElementById('prompt').onclick = function () { document.body.dataset.answer = prompt('Your name?', 'x') || ''; };
document.getElementById('copy').onclick = function () {
  navigator.clipboard.writeText('copied text').then(function () { document.getElementById('copied').textContent = 'copied'; }, function (e) { document.getElementById('copied').textContent = 'refused: ' + e.name; });
};
document.getElementById('features').textContent = ['clipboard-write', 'geolocation', 'camera', 'microphone', 'fullscreen', 'usb', 'payment', 'serial']
  .map(function (f) { return f + ': ' + (document.featurePolicy.allowsFeature(f) ? 'allowed' : 'refused'); }).join('\\n');
document.getElementById('top').onclick = function () { try { window.top.location.href = 'https://example.com/'; } catch (e) { document.body.dataset.top = 'blocked'; } };
</script></body></html>`;
}

test('a sample-style page: init with one callback works and warns; alert, confirm and prompt reach the person', async ({
  page,
  server,
}) => {
  const app: Server = createServer((req, res) =>
    req.url === '/sample.html'
      ? res.writeHead(200, { 'Content-Type': 'text/html' }).end(samplePage(server.baseUrl))
      : res.writeHead(404).end(),
  );
  await new Promise<void>((r) => app.listen(0, '127.0.0.1', r));
  try {
    const bot = botPost(server.baseUrl, await channelToken(server.baseUrl));
    const url = `http://127.0.0.1:${(app.address() as AddressInfo).port}/sample.html`;
    const added = await bot('/embed/v1/apps', { view: { type: 'full', url } });
    const { embedId } = (await added.json()) as { embedId: string };

    const consoleWarnings: string[] = [];
    page.on('console', (m) => m.type() === 'warning' && consoleWarnings.push(m.text()));
    await page.goto(`${server.baseUrl}/?user=${ALICE}&app=${embedId}`);
    const frame = page.frameLocator('#app-frame');
    await expect(frame.locator('#lang')).toHaveText('language en');
    await expect(page.locator('#bridge-log .log-entry[data-notice="init-without-error-callback"]')).toContainText('the spec requires one');
    expect(consoleWarnings.some((w) => w.includes('errorCallback'))).toBe(true);
    // The samples' getAccessToken: null here (the token stays in the host), and said so.
    await expect(frame.locator('body')).toHaveAttribute('data-token', 'null');
    await expect(page.locator('#bridge-log .log-entry[data-notice="get-access-token"]')).toContainText('returns null');

    // The app's console, its uncaught error and its failed request show in the bridge log, as text.
    const log = page.locator('#bridge-log');
    await expect(log.locator('.log-entry[data-kind="console"][data-level="log"]')).toContainText('page loaded {"answer":42}');
    await expect(log.locator('.log-entry[data-kind="console"][data-level="warn"]').filter({ hasText: 'not markup' })).toContainText(
      '<b>not markup</b>',
    );
    await expect(log.locator('.log-entry[data-kind="request"][data-status="404"]')).toContainText('/missing-endpoint');
    await expect(log.locator('.log-entry[data-kind="error"]')).toContainText('boom from the app');
    expect(await log.locator('b').count()).toBe(0);

    const dialogs: string[] = [];
    page.on('dialog', async (d) => {
      dialogs.push(`${d.type()}: ${d.message()}`);
      if (d.type() === 'prompt') await d.accept('Alice');
      else await d.accept();
    });
    await frame.locator('#alert').click();
    await frame.locator('#confirm').click();
    await expect(frame.locator('body')).toHaveAttribute('data-confirmed', 'true');
    await frame.locator('#prompt').click();
    await expect(frame.locator('body')).toHaveAttribute('data-answer', 'Alice');
    expect(dialogs).toEqual(['alert: Hello from the app', 'confirm: Sure?', 'prompt: Your name?']);

    // The Permissions Policy of the web view: its prompts and full screen, and nothing else.
    await expect(frame.locator('#features')).toHaveText(
      [
        'clipboard-write: allowed',
        'geolocation: allowed',
        'camera: allowed',
        'microphone: allowed',
        'fullscreen: allowed',
        'usb: refused',
        'payment: refused',
        'serial: refused',
      ].join('\n'),
    );
    // Downloads work; the clipboard too once the person allows it.
    const download = page.waitForEvent('download');
    await frame.locator('#download').click();
    expect((await download).suggestedFilename()).toBe('sample.html');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
    await frame.locator('#copy').click();
    await expect(frame.locator('#copied')).toHaveText('copied');

    // What keeps the host safe stays: the app cannot navigate the host away.
    const before = page.url();
    await frame.locator('#top').click();
    await page.waitForTimeout(300);
    expect(page.url()).toBe(before);
  } finally {
    app.closeAllConnections();
    await new Promise((r) => app.close(r));
  }
});

test('the demo’s platform sample runs unmodified: init with one callback, its alert shows the profile', async ({ page, server }) => {
  await page.goto(`${server.baseUrl}/?user=${ALICE}&app=1650000001-sample01`);
  const frame = page.frameLocator('#app-frame');
  await expect(frame.locator('#status')).toHaveText(/^Ready: language en/);
  await expect(page.locator('#bridge-log .log-entry[data-outcome="warning"]')).toHaveCount(1);
  const dialog = page.waitForEvent('dialog');
  await frame.locator('#profile').click();
  const d = await dialog;
  expect(d.message()).toBe(`Hello, Alice (${ALICE})`);
  await d.accept();
  await frame.locator('#fail').click();
  await expect(page.locator('#bridge-log .log-entry[data-kind="request"][data-status="404"]')).toContainText('no-such-api');
  await expect(page.locator('#bridge-log .log-entry[data-kind="console"]').filter({ hasText: 'sample ready' })).toHaveCount(1);
});
