// Your app on a real phone (docs/guide/phones.md): `embedkit --lan` on a non-loopback name (127.0.0.2,
// named in --allowed-hosts; never a real network address in a test), a Pixel opening the printed
// link over HTTPS with a certificate of embedkit's CA, signed in by the link, and an app registered
// at http://localhost:<port>/ opening through its proxy with its hot-reload WebSocket connected and
// the SDK working in a secure context. The desktop's side panel shows the link's QR code.
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:tls';
import { createHash, type X509Certificate } from 'node:crypto';
import { chromium, devices, type Browser, type Page } from '@playwright/test';
import jsQRModule from 'jsqr';
import QRCode from 'qrcode';
import { WebSocketServer } from 'ws';
import { CHROMIUM_LAUNCH } from '../support/chromium.js';
import { ALICE, expect, test } from '../support/fixtures.js';
import { botPost, channelToken } from '../support/platform.js';
import { removeDataDir, startServer, type ServerHandle } from '../support/server.js';

const LAN = '127.0.0.2';
const LIFF_APP = '1650000001-liffapp1';
const TOKEN = 'lan-e2e-admin-token-0123456789abcdef';

type Decode = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;
const jsQR = ((jsQRModule as unknown as { default?: Decode }).default ?? jsQRModule) as unknown as Decode;

/** The developer's dev server: a page with the script-tag SDK and a hot-reload WebSocket, as Vite's client opens one. */
function devServer(): Server {
  const sdk = readFileSync('sdk/dist/embed.js', 'utf8');
  const app = createServer((req, res) => {
    if (req.url === '/embed.js') return void res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(sdk);
    if (req.url !== '/' && !req.url?.startsWith('/?')) return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': 'text/html' }).end(`<!doctype html><html><body><p id="where"></p>
<script src="/embed.js"></script>
<script>
document.getElementById('where').textContent = location.origin + location.pathname;
document.body.dataset.secure = String(isSecureContext && !!(window.crypto && crypto.subtle));
var hmr = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/hmr');
hmr.onmessage = function (m) { document.body.dataset.hmr = m.data; };
embed.init(function () {
  document.body.dataset.init = 'ok';
  embed.getProfile().then(function (p) { document.body.dataset.profile = p.displayName; });
}, function (e) { document.body.dataset.init = 'error ' + e.message; });
</script></body></html>`);
  });
  new WebSocketServer({ server: app, path: '/hmr' }).on('connection', (ws, req) => ws.send(`connected via ${req.headers.host}`));
  return app;
}

/** The certificate the server shows on `LAN:port`, verified against the CA in `ca` (PEM): rejects when it does not verify. */
function leafCertificate(port: number, ca: string): Promise<X509Certificate> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: LAN, port, ca, servername: undefined }, () => {
      const leaf = socket.getPeerX509Certificate();
      socket.end();
      if (leaf) resolve(leaf);
      else reject(new Error('no certificate'));
    });
    socket.once('error', reject);
  });
}

let server: ServerHandle;
let app: Server;
let appPort: number;
let caDir: string;
let link: string;
let leaf: X509Certificate;
/** base64 SHA-256 of the server certificate's SPKI, for Chromium's `--ignore-certificate-errors-spki-list`. */
let spki: string;
test.beforeAll(async () => {
  app = devServer();
  await new Promise<void>((r) => app.listen(0, '127.0.0.1', r));
  appPort = (app.address() as AddressInfo).port;
  caDir = mkdtempSync(join(tmpdir(), 'embedkit-ca-'));
  process.env.EMBEDKIT_CA_DIR = caDir;
  try {
    server = await startServer(undefined, ['--lan', '--lan-addresses', LAN, '--allowed-hosts', LAN, '--admin-token', TOKEN]);
  } finally {
    delete process.env.EMBEDKIT_CA_DIR;
  }
  await expect.poll(() => /on a phone\s+(\S+)/.exec(server.output())?.[1]).toBeDefined();
  link = /on a phone\s+(\S+)/.exec(server.output())![1]!;
  // The certificate verifies against embedkit's CA (in its folder); Chromium is told to trust its key.
  leaf = await leafCertificate(Number(new URL(server.baseUrl).port), readFileSync(join(caDir, 'ca.pem'), 'utf8'));
  spki = createHash('sha256')
    .update(leaf.publicKey.export({ type: 'spki', format: 'der' }))
    .digest('base64');
});

/** Chromium trusting the server's certificate, with more flags. */
function trustingChromium(...flags: string[]): Promise<Browser> {
  return chromium.launch({
    ...CHROMIUM_LAUNCH,
    args: [...(CHROMIUM_LAUNCH.args ?? []), `--ignore-certificate-errors-spki-list=${spki}`, ...flags],
  });
}

/** A Pixel 7 page (its browser type is the project's Chromium whatever the profile says). */
async function pixelPage(browser: Browser): Promise<Page> {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { defaultBrowserType, ...pixel } = devices['Pixel 7'];
  return (await browser.newContext(pixel)).newPage();
}
test.afterAll(async () => {
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
  await new Promise((r) => app?.close(r));
  rmSync(caDir, { recursive: true, force: true });
});

test('a Pixel opens the printed link over HTTPS, signed in, and the app on localhost opens through its proxy', async ({ browser }) => {
  const port = new URL(server.baseUrl).port;
  expect(link).toBe(`https://${LAN}:${port}/?token=${TOKEN}`);

  // The certificate (read in beforeAll, verified against embedkit's CA) names the address.
  expect(leaf.subjectAltName).toContain(`IP Address:${LAN}`);

  // A browser that does not trust it gets the certificate refusal.
  const untrusting = await browser.newContext();
  await expect(untrusting.newPage().then((p) => p.goto(link))).rejects.toThrow(/ERR_CERT_AUTHORITY_INVALID/);
  await untrusting.close();

  const bot = botPost(server.baseUrl, await channelToken(server.baseUrl));
  const added = await bot('/embed/v1/apps', { view: { type: 'full', url: `http://localhost:${appPort}/` } });
  const { embedId } = (await added.json()) as { embedId: string };
  // The CLI starts the proxy of an app registered since the start within three seconds.
  const lanView = async () =>
    (await (await fetch(`${server.baseUrl}/embedkit/v1/lan`, { headers: { Authorization: `Bearer ${TOKEN}` } })).json()) as {
      apps: { target: string; origins: string[] }[];
    };
  await expect.poll(async () => (await lanView()).apps.find((a) => a.target === `http://localhost:${appPort}`)?.origins[0]).toBeDefined();
  const proxyOrigin = (await lanView()).apps.find((a) => a.target === `http://localhost:${appPort}`)!.origins[0]!;

  const phoneBrowser = await trustingChromium();
  try {
    const phone = await pixelPage(phoneBrowser);
    await phone.goto(link);
    // The link signs the phone in and drops the token from the address bar.
    await expect(phone.locator('body')).toHaveAttribute('data-ready', 'true');
    expect(phone.url()).not.toContain(TOKEN);
    expect(await phone.evaluate(() => isSecureContext && !!crypto.subtle)).toBe(true);
    await expect(phone.locator('#lan-qr')).toBeHidden();

    await phone.goto(`https://${LAN}:${port}/?user=${ALICE}&app=${embedId}`);
    await expect(phone.locator('#app-frame')).toHaveAttribute('src', `${proxyOrigin}/`);
    const frame = phone.frameLocator('#app-frame');
    // The app sees its own path at the proxy origin, its WebSocket reaches the dev server as its own host, and the SDK works.
    await expect(frame.locator('#where')).toHaveText(`${proxyOrigin}/`);
    await expect(frame.locator('body')).toHaveAttribute('data-hmr', `connected via localhost:${appPort}`);
    await expect(frame.locator('body')).toHaveAttribute('data-secure', 'true');
    await expect(frame.locator('body')).toHaveAttribute('data-init', 'ok');
    await expect(frame.locator('body')).toHaveAttribute('data-profile', 'Alice');
    await expect(phone.locator('#drawer-toggle-label')).toHaveText('Alice');

    // The app opens a window at its registered loopback address: the phone opens it through the proxy.
    const appFrame = phone.frames().find((f) => f.url().startsWith(proxyOrigin))!;
    await appFrame.evaluate(
      (url) => (window as unknown as { embed: { openWindow(p: { url: string }): Promise<void> } }).embed.openWindow({ url }),
      `http://localhost:${appPort}/?page=2#top`,
    );
    await expect(phone.locator('#inapp-browser')).toHaveAttribute('data-url', `${proxyOrigin}/?page=2#top`);
    await expect(phone.frameLocator('#inapp-frame').locator('#where')).toHaveText(`${proxyOrigin}/`);
  } finally {
    await phoneBrowser.close();
  }
});

test("the desktop's side panel shows the QR code of the exact link", async ({ page }) => {
  await page.goto(`${server.baseUrl}/?token=${TOKEN}`);
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  const img = page.locator('#lan-qr-code');
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0);
  const { data, width, height } = await img.evaluate((i: HTMLImageElement) => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 400;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#fff';
    g.fillRect(0, 0, 400, 400);
    g.drawImage(i, 0, 0, 400, 400);
    return { data: Array.from(g.getImageData(0, 0, 400, 400).data), width: 400, height: 400 };
  });
  expect(jsQR(new Uint8ClampedArray(data), width, height)?.data).toBe(link);
});

test("liff.login() on the phone, outside the host: the app's own page at its proxy origin logs in with PKCE over HTTPS", async () => {
  const port = new URL(server.baseUrl).port;
  const lan = (await (await fetch(`${server.baseUrl}/embedkit/v1/lan`, { headers: { Authorization: `Bearer ${TOKEN}` } })).json()) as {
    apps: { target: string; origins: string[] }[];
  };
  // The LIFF demo is registered on the demo origin (127.0.0.1), a loopback app with a proxy of its own.
  const proxyOrigin = lan.apps.find((a) => a.target === server.demoOrigin)!.origins[0]!;
  const appUrl = `${proxyOrigin}/demo/liff-app/?embedkit=${encodeURIComponent(`https://${LAN}:${port}`)}`;
  const report = async (page: Page) => {
    await expect(page.locator('body')).toHaveAttribute('data-init', 'ok', { timeout: 15_000 });
    return JSON.parse((await page.locator('#report').textContent()) ?? '{}') as Record<string, unknown>;
  };
  const phoneBrowser = await trustingChromium();
  try {
    const phone = await pixelPage(phoneBrowser);
    await phone.goto(link);
    await expect(phone.locator('body')).toHaveAttribute('data-ready', 'true');
    // As the phone's browser opens the app's address: its own page, no host around it.
    await phone.goto(appUrl);
    expect(await report(phone)).toMatchObject({ isInClient: false, isLoggedIn: false, accessToken: null });
    expect(await phone.evaluate(() => isSecureContext && !!crypto.subtle)).toBe(true);

    await phone.locator('#login').tap();
    await expect(phone).toHaveURL(new RegExp(`^https://${LAN.replaceAll('.', '\\.')}:${port}/oauth2/v2\\.1/authorize\\?`));
    const authorize = new URL(phone.url()).searchParams;
    expect(authorize.get('code_challenge_method')).toBe('S256');
    expect(authorize.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorize.get('redirect_uri')).toBe(appUrl);
    await phone.locator('label.user', { hasText: 'Alice' }).tap();
    await phone.getByRole('button', { name: 'Allow' }).tap();

    // Back on the proxy origin, the code exchanged with its verifier and gone from the address bar.
    const after = await report(phone);
    expect(phone.url()).toBe(appUrl);
    expect(after).toMatchObject({ isInClient: false, isLoggedIn: true, id: LIFF_APP });
    expect(after.context).toMatchObject({ type: 'external', userId: ALICE });
    expect(after.profile).toEqual({ ok: expect.objectContaining({ userId: ALICE, displayName: 'Alice' }) });
  } finally {
    await phoneBrowser.close();
  }
});

/**
 * A camera's video (YUV4MPEG2, 4:2:0, 10 frames a second, which Chromium's fake capture device
 * plays in a loop) showing the QR code of `text` (black modules on white, 8 pixels each, with a
 * quiet zone), or, for `null`, a white view with no code in it.
 */
function cameraVideo(text: string | null): Buffer {
  const scale = 8;
  const modules = QRCode.create(text ?? '-', { errorCorrectionLevel: 'M' }).modules;
  const side = (modules.size + 8) * scale;
  const luma = Buffer.alloc(side * side, 235);
  if (text !== null)
    for (let y = 0; y < modules.size; y++)
      for (let x = 0; x < modules.size; x++)
        if (modules.get(x, y))
          for (let dy = 0; dy < scale; dy++) {
            const row = ((y + 4) * scale + dy) * side;
            luma.fill(16, row + (x + 4) * scale, row + (x + 5) * scale);
          }
  const chroma = Buffer.alloc((side / 2) * (side / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  return Buffer.concat([Buffer.from(`YUV4MPEG2 W${side} H${side} F10:1 Ip A1:1 C420jpeg\n`), ...Array<Buffer>(20).fill(frame)]);
}

/** The phone's Chromium with a fake camera that films `video`, on the demo LIFF app in full view. */
async function phoneWithCamera(video: string, content: Buffer) {
  writeFileSync(video, content);
  const browser = await trustingChromium(
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-video-capture=${video}`,
  );
  const phone = await pixelPage(browser);
  await phone.goto(link);
  await expect(phone.locator('body')).toHaveAttribute('data-ready', 'true');
  // The demo LIFF app, on loopback (127.0.0.1), opens through its proxy too.
  await phone.goto(`https://${LAN}:${new URL(server.baseUrl).port}/?user=${ALICE}&app=${LIFF_APP}&view=full`);
  const app = phone.frameLocator('#app-frame');
  await expect(app.locator('#report')).toContainText(LIFF_APP);
  return { browser, phone, app };
}

test("scanCodeV2 on the phone reads a QR code with the phone's camera", async () => {
  const { browser, phone, app } = await phoneWithCamera(join(caDir, 'qr.y4m'), cameraVideo('https://example.com/ticket/42'));
  try {
    let asked = false;
    phone.on('dialog', (d) => void ((asked = true), d.dismiss()));
    await app.locator('#scan').tap();
    await expect(app.locator('#action')).toHaveText(JSON.stringify({ scanCodeV2: { ok: { value: 'https://example.com/ticket/42' } } }));
    await expect(phone.locator('#scan-sheet')).toHaveCount(0);
    expect(asked).toBe(false);
  } finally {
    await browser.close();
  }
});

test('scanCodeV2 on the phone answers null when the person taps Cancel', async () => {
  // A camera that sees no code: whenever Cancel is tapped, nothing was read before it.
  const { browser, phone, app } = await phoneWithCamera(join(caDir, 'blank.y4m'), cameraVideo(null));
  try {
    await app.locator('#scan').tap();
    await expect(phone.locator('#scan-sheet')).toBeVisible();
    await phone.locator('#scan-cancel').tap();
    await expect(app.locator('#action')).toHaveText(JSON.stringify({ scanCodeV2: { ok: { value: null } } }));
    await expect(phone.locator('#scan-sheet')).toHaveCount(0);
  } finally {
    await browser.close();
  }
});
