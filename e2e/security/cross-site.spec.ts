// A page of another origin (another port on 127.0.0.1 is another origin) tries what any web page
// can do against a local server: fetch, a no-cors text/plain POST (no preflight), a form POST,
// EventSource on the live stream, <img> and <script>. It reads nothing, and nothing changes.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, ALICE, CHATS } from '../support/fixtures.js';

function attackerPage(base: string): string {
  const media = `${base}/embedkit/v1/chats/${CHATS.utou}/media?userId=${ALICE}&type=file&fileName=pwned.txt`;
  return `<!doctype html><html><body>
<form id="form" method="POST" enctype="text/plain" target="sink" action="${media}"><input name="a" value="b"></form>
<iframe name="sink"></iframe>
<script>
const results = {};
const done = (k, v) => { results[k] = v; document.body.dataset.results = JSON.stringify(results); };
fetch('${base}/embedkit/v1/world').then(r => r.text()).then(t => done('fetch', 'read ' + t.length), e => done('fetch', 'error'));
fetch('${base}/embedkit/v1/scenario', { credentials: 'include' }).then(r => r.text()).then(t => done('scenario', 'read ' + t.length), e => done('scenario', 'error'));
fetch('${media}', { method: 'POST', mode: 'no-cors', headers: { 'Content-Type': 'text/plain' }, body: 'x' }).then(() => done('post', 'sent'), () => done('post', 'error'));
const xhr = new XMLHttpRequest(); xhr.open('GET', '${base}/embedkit/v1/deliveries');
xhr.onload = () => done('xhr', 'read ' + xhr.responseText.length); xhr.onerror = () => done('xhr', 'error'); xhr.send();
const es = new EventSource('${base}/embedkit/v1/events/stream');
es.onmessage = (e) => done('stream', 'read ' + e.data); es.onerror = () => { es.close(); done('stream', 'error'); };
const img = new Image(); img.onload = () => done('img', 'loaded'); img.onerror = () => done('img', 'error'); img.src = '${base}/embedkit/v1/scenario';
const s = document.createElement('script'); s.onload = () => done('script', 'loaded'); s.onerror = () => done('script', 'error');
s.src = '${base}/embedkit/v1/world'; document.head.appendChild(s);
document.getElementById('form').submit();
</script></body></html>`;
}

test('a page of another origin can neither read nor change the simulator API', async ({ page, server }) => {
  const state = async () => ({
    world: await (await fetch(`${server.baseUrl}/embedkit/v1/world`)).text(),
    messages: await (await fetch(`${server.baseUrl}/embedkit/v1/chats/${CHATS.utou}/messages`)).text(),
  });
  const before = await state();
  const attacker: Server = createServer((_req, res) =>
    res.writeHead(200, { 'Content-Type': 'text/html' }).end(attackerPage(server.baseUrl)),
  );
  await new Promise<void>((r) => attacker.listen(0, '127.0.0.1', r));
  try {
    const refused: string[] = [];
    page.on('response', (r) => r.url().startsWith(server.baseUrl) && r.status() === 403 && refused.push(new URL(r.url()).pathname));
    await page.goto(`http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`);
    await expect
      .poll(async () => JSON.parse((await page.locator('body').getAttribute('data-results')) ?? '{}') as Record<string, string>)
      .toEqual({ fetch: 'error', scenario: 'error', post: 'sent', xhr: 'error', stream: 'error', img: 'error', script: 'error' });
    // The no-cors POST and the form POST both reached the server and were refused.
    await expect.poll(() => refused.filter((p) => p.endsWith('/media')).length).toBeGreaterThanOrEqual(2);
    expect(await state()).toEqual(before);
  } finally {
    await new Promise<void>((r) => attacker.close(() => r()));
  }
});
