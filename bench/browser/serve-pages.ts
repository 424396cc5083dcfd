/**
 * Serves the bench harness pages on loopback: the stub host at `http://localhost:<port>` and the
 * app at `http://127.0.0.1:<port>` (another origin, as in production).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';

export interface PagesServer {
  port: number;
  appUrl: string;
  stubHostUrl: string;
  /** The app page on `@line/liff` with embedkit's plugin (bench/browser/pages/liff-app.ts), same origin as `appUrl`. */
  liffAppUrl: string;
  /** Tells the LIFF page its LIFF ID (the embed ID it was registered under). */
  setLiffId(id: string): void;
  close(): Promise<void>;
}

/** @param sdkUrl where the app page loads the SDK from (the embedkit server's `/sdk/v1/sdk.js`) */
export async function servePages(sdkUrl: string): Promise<PagesServer> {
  const app = express();
  let port = 0;
  let liffId = '';
  app.get('/liff.html', (_req, res) => {
    res
      .type('html')
      .send(
        `<!doctype html><meta charset="utf-8"><title>bench liff app</title>` +
          `<script>window.benchStart = performance.now(); window.benchLiffId = ${JSON.stringify(liffId)};</script>` +
          `<script src="/liff-app.js"></script>`,
      );
  });
  app.get('/app.html', (_req, res) => {
    res.type('html').send(
      `<!doctype html><meta charset="utf-8"><title>bench app</title>` +
        // init runs right after the SDK tag, as an app does; the module script only reads the result.
        `<script>window.benchStart = performance.now();</script>` +
        `<script src="${sdkUrl}"></script>` +
        `<script>window.benchInit = new Promise(function (resolve) { embed.init(function () { resolve(performance.now()); }, function (e) { resolve(e.code + ': ' + e.message); }); });</script>` +
        `<script type="module" src="/app.js"></script>`,
    );
  });
  app.get('/stub-host.html', (_req, res) => {
    res
      .type('html')
      .send(
        `<!doctype html><meta charset="utf-8"><title>bench stub host</title>` +
          `<iframe id="app" data-src="http://127.0.0.1:${port}/app.html"></iframe><script type="module" src="/stub-host.js"></script>`,
      );
  });
  app.use(express.static('bench/dist'));
  const server: Server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  return {
    port,
    appUrl: `http://127.0.0.1:${port}/app.html`,
    stubHostUrl: `http://localhost:${port}/stub-host.html`,
    liffAppUrl: `http://127.0.0.1:${port}/liff.html`,
    setLiffId: (id) => void (liffId = id),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
