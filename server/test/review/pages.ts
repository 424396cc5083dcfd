/**
 * Small static pages a review's tests measure, served on loopback: one that keeps every page rule,
 * and one breaking each (a button in the bottom 34 px, a link at a landscape edge, no title, no
 * viewport, a long title, a page busy for seconds).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const head = (title: string | null, viewport = true) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8">${viewport ? '<meta name="viewport" content="width=device-width, initial-scale=1">' : ''}${title === null ? '' : `<title>${title}</title>`}`;

/** The body padding the safe area asks for, portrait and landscape. */
const SAFE = `<style>body{margin:0;padding:16px 16px 34px}@media (orientation: landscape){body{padding:16px 44px 21px}}</style>`;

/** The pages by path. */
export const PAGES: Record<string, string> = {
  '/good/': `${head('Cafe')}${SAFE}</head><body><h1>Cafe</h1><button id="order">Order</button><a href="#menu">Menu</a><input id="name" placeholder="Your name"></body></html>`,
  '/bottom-bar/': `${head('Cafe')}${SAFE}<style>#pay{position:fixed;left:16px;right:16px;bottom:0;height:48px}</style></head><body><h1>Cafe</h1><button id="pay">Pay now</button></body></html>`,
  '/edge/': `${head('Cafe')}<style>body{margin:0;padding:16px 16px 40px}</style></head><body><h1>Cafe</h1><a id="back" href="#top" style="display:block;margin-left:-16px;width:60px">Back</a></body></html>`,
  '/untitled/': `${head(null, false)}${SAFE}</head><body><p>Nothing to tap</p></body></html>`,
  '/long-title/': `${head('The Cafe on the Corner of the Street: Order Ahead and Skip the Line')}${SAFE}</head><body><p>Long title</p></body></html>`,
  '/busy/': `${head('Busy')}${SAFE}</head><body><script>const end = Date.now() + 2500; while (Date.now() < end) {}</script><h1>Busy</h1><script>const e2 = Date.now() + 1500; while (Date.now() < e2) {}</script><p>Done</p></body></html>`,
};

/** The pages served on loopback; `url(path)` is a page's address. */
export async function servePages(): Promise<{ url: (path: string) => string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const page = PAGES[new URL(req.url ?? '/', 'http://x').pathname];
    res.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(page ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: (path) => `http://127.0.0.1:${port}${path}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
