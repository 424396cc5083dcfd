#!/usr/bin/env node
/**
 * The demo bots as their own process (`npm run demo:bot`): the handler of bots.ts on its own port.
 * `npm start` runs the same bots inside embedkit (at `/demo/bot` of its origin) unless it starts
 * with `--no-demo-bot`; run this one when you want them apart (to read their output, or to change
 * them and restart them alone): start embedkit with `--no-demo-bot`, then `npm run demo:bot`.
 *
 * Environment: EMBEDKIT_URL (default http://localhost:8080), CHANNEL_ID and CHANNEL_SECRET
 * (default: the default scenario's channel), PORT (default 3000; 0 picks a free one), HOST
 * (default 127.0.0.1), EMBEDKIT_HEADER_PREFIX (the platform header prefix embedkit runs with,
 * default X-Service-; `embedkit exec` sets it), EMBEDKIT_TRIALBOT_URL (default: asked of embedkit).
 * The ready line: "demo bot ready: http://127.0.0.1:3000/webhook".
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDemoBots, MESSAGING_CHANNEL } from './bots.js';

const EMBEDKIT_URL = process.env.EMBEDKIT_URL ?? 'http://localhost:8080';
const CHANNEL_ID = process.env.CHANNEL_ID ?? MESSAGING_CHANNEL.id;
const CHANNEL_SECRET = process.env.CHANNEL_SECRET ?? MESSAGING_CHANNEL.secret;
const PORT = Number(process.env.PORT ?? 3000);
const HOST = process.env.HOST ?? '127.0.0.1';

const handle = createDemoBots({
  embedkitUrl: EMBEDKIT_URL,
  channel: { id: CHANNEL_ID, secret: CHANNEL_SECRET },
  ...(process.env.EMBEDKIT_HEADER_PREFIX ? { headerPrefix: process.env.EMBEDKIT_HEADER_PREFIX } : {}),
  ...(process.env.EMBEDKIT_TRIALBOT_URL ? { trialbotUrl: process.env.EMBEDKIT_TRIALBOT_URL } : {}),
  log: { info: (l) => console.log(l), warn: (l) => console.warn(l), error: (l) => console.error(l) },
});

const server = createServer((req, res) => {
  handle(req, res).catch((err: unknown) => {
    console.error(err);
    if (!res.headersSent) res.writeHead(500).end();
  });
});
server.listen(PORT, HOST, () => {
  const { port } = server.address() as AddressInfo;
  console.log(`demo bot ready: http://${HOST}:${port}/webhook (embedkit ${EMBEDKIT_URL}, channel ${CHANNEL_ID})`);
});
const stop = () => server.close(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
