import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { X509Certificate } from 'node:crypto';
import jsQRModule from 'jsqr';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { startServer, type RunningServer } from '../../src/serve/start.js';
import { proxyRefusal, withProxiedUrls } from '../../src/app-proxy/proxy.js';
import { lanAddresses } from '../../src/lan/addresses.js';
import { qrSvg, qrTerminal } from '../../src/lan/qr.js';
import { CHANNEL_1, onTestDatabase, TWO_CHANNELS } from '../helpers.js';

const TOKEN = 'lan-test-token-0123456789abcdef';
const LAN = '127.0.0.2';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTPS request to `LAN:port`, trusting `ca` (or nothing), with the given raw target and headers. */
function get(port: number, target: string, o: { ca?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      { host: LAN, servername: '', port, path: target, method: 'GET', ca: o.ca, headers: { host: `${LAN}:${port}`, ...o.headers } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('embedkit --lan', () => {
  let server: RunningServer;
  let app: Server;
  let appPort: number;
  let caDir: string;
  const appRequests: string[] = [];

  beforeAll(async () => {
    caDir = mkdtempSync(join(tmpdir(), 'embedkit-ca-'));
    // The developer's dev server: a page, a redirect within the app, one to another origin, and a WebSocket.
    app = createServer((req, res) => {
      appRequests.push(`${req.url} host=${req.headers.host} origin=${req.headers.origin ?? ''} cookie=${req.headers.cookie ?? ''}`);
      if (req.url === '/go-home') return void res.writeHead(302, { location: `http://localhost:${appPort}/home` }).end();
      if (req.url === '/go-away') return void res.writeHead(302, { location: 'http://evil.example/' }).end();
      res.writeHead(200, { 'content-type': 'text/plain' }).end(`app page ${req.url}`);
    });
    new WebSocketServer({ server: app }).on('connection', (ws, req) => ws.send(`hello ${req.headers.host}`));
    await new Promise<void>((r) => app.listen(0, '127.0.0.1', r));
    appPort = (app.address() as AddressInfo).port;
    server = await startServer(
      onTestDatabase({
        port: 0,
        inMemory: true,
        scenarioFile: TWO_CHANNELS,
        logger: pino({ level: 'silent' }),
        adminToken: TOKEN,
        lan: { addresses: [LAN], caDir },
      }),
    );
    await server.embedkit.services.registry.add(CHANNEL_1.id, { view: { type: 'full', url: `http://localhost:${appPort}/` } });
    await server.lan!.syncApps();
  });

  afterAll(async () => {
    await server?.close();
    app?.close();
    rmSync(caDir, { recursive: true, force: true });
  });

  const proxyPort = () =>
    Number(new URL(server.lan!.proxies.list().find((p) => p.target === `http://localhost:${appPort}`)!.origins[0]!).port);
  const signedIn = { cookie: `embedkit-admin-PORT=${TOKEN}` };
  const cookie = () => ({ cookie: signedIn.cookie.replace('PORT', String(server.port)) });

  it('serves the host over HTTPS on the network address with a certificate that verifies against the CA, and not without it', async () => {
    expect(server.lan!.origins).toEqual([`https://${LAN}:${server.port}`]);
    const ok = await get(server.port, '/embedkit/v1/health', { ca: server.lan!.ca.certPem });
    expect(ok.status).toBe(200);
    await expect(get(server.port, '/embedkit/v1/health')).rejects.toThrow(/certificate/);
    const leaf = new X509Certificate(
      await new Promise<Buffer>((resolve, reject) => {
        const req = httpsRequest({ host: LAN, port: server.port, path: '/embedkit/v1/health', ca: server.lan!.ca.certPem }, (res) => {
          resolve((res.socket as unknown as { getPeerX509Certificate(): X509Certificate }).getPeerX509Certificate().raw);
          res.resume();
        });
        req.on('error', reject);
        req.end();
      }),
    );
    expect(leaf.subjectAltName).toContain(`IP Address:${LAN}`);
    expect(leaf.checkIssued(new X509Certificate(server.lan!.ca.certPem))).toBe(true);
  });

  it('keeps the CA across starts in its folder', async () => {
    const again = await startServer(
      onTestDatabase({
        port: 0,
        inMemory: true,
        logger: pino({ level: 'silent' }),
        adminToken: TOKEN,
        lan: { addresses: ['127.0.0.3'], caDir },
      }),
    );
    try {
      expect(again.lan!.ca.fingerprint).toBe(server.lan!.ca.fingerprint);
      expect(again.lan!.spkiSha256).not.toBe(server.lan!.spkiSha256);
    } finally {
      await again.close();
    }
  });

  it('asks for the admin token on the network address, and the link signs a browser in', async () => {
    const ca = server.lan!.ca.certPem;
    expect((await get(server.port, '/embedkit/v1/world', { ca })).status).toBe(401);
    const link = await get(server.port, `/?token=${TOKEN}`, { ca });
    expect(link.status).toBe(303);
    expect(String(link.headers['set-cookie'])).toContain(`embedkit-admin-${server.port}=${TOKEN}`);
    expect((await get(server.port, '/embedkit/v1/world', { ca, headers: cookie() })).status).toBe(200);
    // The host's own calls from its HTTPS origin pass the cross-site guard.
    const own = await get(server.port, '/embedkit/v1/world', { ca, headers: { ...cookie(), origin: `https://${LAN}:${server.port}` } });
    expect(own.status).toBe(200);
    const app = await get(server.port, '/embedkit/v1/world', { ca, headers: { ...cookie(), origin: `https://${LAN}:${proxyPort()}` } });
    expect(app.status).toBe(403);
  });

  it('serves the CA page and certificate without the token', async () => {
    const ca = server.lan!.ca.certPem;
    const page = await get(server.port, '/embedkit-ca/', { ca });
    expect(page.status).toBe(200);
    expect(page.body).toContain(server.lan!.ca.fingerprint);
    expect(page.body).toContain('Android');
    const pem = await get(server.port, '/embedkit-ca/embedkit-ca.pem', { ca });
    expect(new X509Certificate(pem.body).fingerprint256).toBe(server.lan!.ca.fingerprint);
  });

  it('serves a loopback app through its proxy with its own Host, no embedkit cookie, and a working WebSocket', async () => {
    const ca = server.lan!.ca.certPem;
    const port = proxyPort();
    const page = await get(port, '/src/main.ts?t=1', { ca, headers: { ...cookie(), origin: `https://${LAN}:${port}` } });
    expect(page.status).toBe(200);
    expect(page.body).toBe('app page /src/main.ts?t=1');
    expect(appRequests.at(-1)).toBe(`/src/main.ts?t=1 host=localhost:${appPort} origin=http://localhost:${appPort} cookie=`);
    const home = await get(port, '/go-home', { ca, headers: cookie() });
    expect(home.headers.location).toBe(`https://${LAN}:${port}/home`);
    const away = await get(port, '/go-away', { ca, headers: cookie() });
    expect([away.status, away.headers.location]).toEqual([302, 'http://evil.example/']);
    const ws = new WebSocket(`wss://${LAN}:${port}/`, { ca, headers: cookie() });
    const first = await new Promise<string>((resolve, reject) => {
      ws.once('message', (m: Buffer) => resolve(String(m)));
      ws.once('error', reject);
    });
    ws.close();
    expect(first).toBe(`hello localhost:${appPort}`);
  });

  it('refuses absolute URLs, Host tricks, encoded paths and requests without the token', async () => {
    const ca = server.lan!.ca.certPem;
    const port = proxyPort();
    const before = appRequests.length;
    expect((await get(port, 'http://evil.example/', { ca, headers: cookie() })).status).toBe(400);
    expect((await get(port, `http://localhost:${server.port}/embedkit/v1/world`, { ca, headers: cookie() })).status).toBe(400);
    expect((await get(port, '//evil.example/x', { ca, headers: cookie() })).status).toBe(400);
    expect((await get(port, '/%2e%2e/%2e%2e/etc/passwd', { ca, headers: cookie() })).status).toBe(400);
    expect((await get(port, '/a/../../b', { ca, headers: cookie() })).status).toBe(400);
    expect((await get(port, '/a%2f..%2fb', { ca, headers: cookie() })).status).toBe(400);
    expect((await get(port, '/', { ca, headers: { ...cookie(), host: 'evil.example' } })).status).toBe(403);
    expect((await get(port, '/', { ca, headers: { ...cookie(), host: `localhost:${appPort}` } })).status).toBe(403);
    expect((await get(port, '/', { ca })).status).toBe(401);
    expect((await get(port, '/', { ca, headers: { cookie: `embedkit-admin-${server.port}=wrong-token-0123456789` } })).status).toBe(401);
    expect(appRequests.length).toBe(before);
    const refused = new WebSocket(`wss://${LAN}:${port}/`, { ca });
    const status = await new Promise<number>((resolve) => refused.once('unexpected-response', (_q, res) => resolve(res.statusCode ?? 0)));
    expect(status).toBe(401);
  });

  it('draws a QR code in the terminal that decodes to the exact link, and the same code as SVG', async () => {
    const link = `${server.lan!.origins[0]}/?token=${TOKEN}`;
    expect(decodeTerminalQr(await qrTerminal(link))).toBe(link);
    expect(await qrSvg(link)).toMatch(/^<svg [^>]*viewBox=/);
  });

  it('tells the host its network origins and each loopback app’s proxy origin, and serves the link’s QR code to its own pages only', async () => {
    const ca = server.lan!.ca.certPem;
    const lan = await get(server.port, '/embedkit/v1/lan', { ca, headers: cookie() });
    const view = JSON.parse(lan.body) as { origins: string[]; apps: unknown[] };
    expect(view.origins).toEqual([`https://${LAN}:${server.port}`]);
    expect(view.apps).toContainEqual({ target: `http://localhost:${appPort}`, origins: [`https://${LAN}:${proxyPort()}`] });
    expect(lan.body).not.toContain(TOKEN);
    const qr = await get(server.port, '/embedkit/v1/lan/qr-code', { ca, headers: cookie() });
    expect([qr.status, qr.headers['content-type'], qr.headers['cache-control']]).toEqual([200, 'image/svg+xml; charset=utf-8', 'no-store']);
    expect(qr.body).toBe(await qrSvg(`https://${LAN}:${server.port}/?token=${TOKEN}`));
    expect((await get(server.port, '/embedkit/v1/lan/qr-code', { ca })).status).toBe(401);
    const fromApp = await get(server.port, '/embedkit/v1/lan/qr-code', {
      ca,
      headers: { ...cookie(), origin: `https://${LAN}:${proxyPort()}`, 'sec-fetch-site': 'same-site' },
    });
    expect(fromApp.status).toBe(403);
    expect(fromApp.body).not.toContain(TOKEN);
  });

  it("sends a PKCE login back to the proxy origin of the channel's app, and to no other origin of the network address", async () => {
    const authorize = (redirectUri: string) =>
      fetch(
        `${server.baseUrl}/oauth2/v2.1/authorize?${new URLSearchParams({
          response_type: 'code',
          client_id: CHANNEL_1.id,
          redirect_uri: redirectUri,
          state: 'st-1',
          scope: 'profile openid',
          code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
          code_challenge_method: 'S256',
        }).toString()}`,
        { redirect: 'manual' },
      );
    const accepted = await authorize(`https://${LAN}:${proxyPort()}/shop/?liff.state=x`);
    expect(accepted.status).toBe(200);
    expect(await accepted.text()).not.toContain('Invalid redirect_uri');
    // The host's own HTTPS origin, another port of the address, and the proxy's port on another host are no app's.
    for (const uri of [`https://${LAN}:${server.port}/`, `https://${LAN}:${proxyPort() + 1}/`, `https://localhost:${proxyPort()}/`]) {
      const refused = await authorize(uri);
      expect(refused.status).toBe(400);
      expect(refused.headers.get('location')).toBeNull();
      expect(await refused.text()).toContain('origin of one of the channel');
    }
  });
});

describe('withProxiedUrls', () => {
  const apps = [{ target: 'http://localhost:5173', origins: ['https://192.168.1.20:40001', 'https://10.0.0.5:40001'] }];

  it('adds each proxied view URL at its proxy origins, with its path, query and fragment', () => {
    expect(withProxiedUrls(['http://localhost:5173/shop/?a=1#x', 'https://app.example/'], apps)).toEqual([
      'http://localhost:5173/shop/?a=1#x',
      'https://192.168.1.20:40001/shop/?a=1#x',
      'https://10.0.0.5:40001/shop/?a=1#x',
      'https://app.example/',
    ]);
  });

  it('adds nothing for an app without a proxy, or without --lan', () => {
    expect(withProxiedUrls(['http://127.0.0.1:3000/'], apps)).toEqual(['http://127.0.0.1:3000/']);
    expect(withProxiedUrls(['http://localhost:5173/'], [])).toEqual(['http://localhost:5173/']);
  });
});

type Decode = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;
const jsQR = ((jsQRModule as unknown as { default?: Decode }).default ?? jsQRModule) as unknown as Decode;

/**
 * Reads a QR code drawn for a terminal (black half blocks on white, two modules per character
 * row) back into pixels, 4 per module with a white border, and decodes it.
 */
function decodeTerminalQr(text: string): string | undefined {
  const ansi = ['\u001b[47m', '\u001b[30m', '\u001b[0m'];
  const rows = ansi
    .reduce((t, code) => t.replaceAll(code, ''), text)
    .split('\n')
    .filter((l) => l.length > 0);
  const modules: boolean[][] = [];
  for (const row of rows) {
    const chars = [...row];
    modules.push(
      chars.map((c) => c === '█' || c === '▀'),
      chars.map((c) => c === '█' || c === '▄'),
    );
  }
  const scale = 4;
  const border = 4;
  const width = (modules[0]!.length + 2 * border) * scale;
  const height = (modules.length + 2 * border) * scale;
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  modules.forEach((line, y) =>
    line.forEach((dark, x) => {
      if (!dark) return;
      for (let dy = 0; dy < scale; dy++)
        for (let dx = 0; dx < scale; dx++) {
          const i = (((y + border) * scale + dy) * width + (x + border) * scale + dx) * 4;
          data[i] = data[i + 1] = data[i + 2] = 0;
        }
    }),
  );
  return jsQR(data, width, height)?.data;
}

describe('the lan routes without --lan', () => {
  it('answer empty lists and no QR code', async () => {
    const server = await startServer(
      onTestDatabase({ port: 0, inMemory: true, scenarioFile: TWO_CHANNELS, logger: pino({ level: 'silent' }) }),
    );
    try {
      expect(await (await fetch(`${server.baseUrl}/embedkit/v1/lan`)).json()).toEqual({ origins: [], apps: [] });
      const qr = await fetch(`${server.baseUrl}/embedkit/v1/lan/qr-code`);
      expect([qr.status, await qr.json()]).toEqual([404, { message: 'embedkit was not started with --lan: there is no phone link' }]);
    } finally {
      await server.close();
    }
  });
});

describe('proxyRefusal', () => {
  const rules = { hosts: new Set(['127.0.0.2:9001']), token: TOKEN, cookieName: 'embedkit-admin-8080' };
  it('forwards a path of its own host with the bearer token', () => {
    expect(proxyRefusal({ url: '/x', host: '127.0.0.2:9001', authorization: `Bearer ${TOKEN}` }, rules)).toBeUndefined();
  });
  it('refuses the authority form and backslashes', () => {
    expect(proxyRefusal({ url: 'localhost:22', host: '127.0.0.2:9001', authorization: `Bearer ${TOKEN}` }, rules)?.status).toBe(400);
    expect(proxyRefusal({ url: '/a\\..\\b', host: '127.0.0.2:9001', authorization: `Bearer ${TOKEN}` }, rules)?.status).toBe(400);
  });
});

describe('lanAddresses', () => {
  it('takes the given addresses, refuses what is not IPv4, and else finds the non-internal IPv4 ones', () => {
    expect(lanAddresses('127.0.0.2, 127.0.0.3')).toEqual(['127.0.0.2', '127.0.0.3']);
    expect(() => lanAddresses('phone.local')).toThrow(/not an IPv4 address/);
    expect(
      lanAddresses(undefined, {
        lo: [{ address: '127.0.0.1', family: 'IPv4', internal: true, netmask: '', mac: '', cidr: null }],
        wlan0: [
          { address: '192.168.1.20', family: 'IPv4', internal: false, netmask: '', mac: '', cidr: null },
          { address: 'fe80::1', family: 'IPv6', internal: false, netmask: '', mac: '', cidr: null, scopeid: 3 },
        ],
      }),
    ).toEqual(['192.168.1.20']);
  });
});
