// The process the sequential and peers benchmarks call: embedkit (the built server, in memory, as
// bench/http-target.mjs starts it) with the plans' rate limits lifted (a peer has none, and 1,000
// pushes in a row pass the Developer Trial's 1,000 a minute), and in the same process a bare
// Express GET answering `{}` (the anchor). Prints one JSON line with the ports.
import { keepHeapSmall } from '../server/dist/runtime/heap.js';

keepHeapSmall();
const { createServer } = await import('node:http');
const { default: express } = await import('express');
const { pino } = await import('pino');
const { startServer } = await import('../server/dist/app.js');
const { compileAll } = await import('../server/dist/http/validate.js');

const NO_LIMITS = { requestsPerMinute: 1e9, recipientsPerMinute: 1e12 };
const embedkit = await startServer({
  port: 0,
  inMemory: true,
  logger: pino({ level: 'silent' }),
  bots: { planLimits: { 'developer-trial': NO_LIMITS, other: NO_LIMITS } },
});
compileAll();
const bare = express();
bare.get('/bare', (_req, res) => {
  res.json({});
});
const server = createServer(bare);
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
process.stdout.write(`${JSON.stringify({ embedkitPort: embedkit.port, barePort: server.address().port })}\n`);
process.on('SIGTERM', () => process.exit(0));
