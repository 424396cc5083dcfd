// The bot of the webhook benchmark, in its own process as a real bot is: answers every POST with
// 200 at once. Over IPC: `{expect: n}` → `{done: true}` once n more requests have arrived; every
// request whose body holds "latency" → `{text, at}` (at: ms since 1970, sub-ms precision).
import { createServer } from 'node:http';

let received = 0;
let target = Infinity;
const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const at = performance.timeOrigin + performance.now();
    res.end('{}');
    received++;
    const body = Buffer.concat(chunks).toString();
    const m = /"text":"(latency [0-9]+)"/.exec(body);
    if (m) process.send({ text: m[1], at });
    if (received >= target) {
      target = Infinity;
      process.send({ done: true });
    }
  });
});
process.on('message', (m) => {
  if (typeof m.expect === 'number') {
    target = received + m.expect;
    if (received >= target) process.send({ done: true });
  }
});
server.listen(0, '127.0.0.1', () => process.send({ url: `http://127.0.0.1:${server.address().port}/webhook` }));
process.on('disconnect', () => process.exit(0));
