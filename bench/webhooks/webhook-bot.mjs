// The bot of the webhook benchmark (bench/lib/bot-process.mjs). Over IPC: `{expect: n}` →
// `{done: true}` once n more requests have arrived; every request whose body holds "latency" →
// `{text, at}` (at: ms since 1970, sub-ms precision).
import { serveBot } from '../lib/bot-process.mjs';

let received = 0;
let target = Infinity;
serveBot((body, at) => {
  received++;
  const m = /"text":"(latency [0-9]+)"/.exec(body);
  if (m) process.send?.({ text: m[1], at });
  if (received >= target) {
    target = Infinity;
    process.send?.({ done: true });
  }
});
process.on('message', (m) => {
  if (typeof m.expect === 'number') {
    target = received + m.expect;
    if (received >= target) process.send?.({ done: true });
  }
});
