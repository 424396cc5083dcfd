// The process the HTTP benchmark loads: embedkit (the built server, in memory) and, in the same
// process, a bare Express route answering `{}` (the anchor) and the floors of the measured calls
// (bench/http/floors.mjs: each call's rules alone, on a bare Express route). Prints one JSON line
// with the ports and the floors' tokens.
// Plain JavaScript on purpose: a TypeScript loader in this process would inflate its memory figure.
// The heap is set up as the `embedkit` command does it (server/src/cli.ts), before the rest loads.
import { collectStartupGarbage, keepHeapSmall } from '../../server/dist/runtime/heap.js';

keepHeapSmall();
const { createServer } = await import('node:http');
const { default: express } = await import('express');
const { pino } = await import('pino');
const { startServer } = await import('../../server/dist/serve/start.js');
// `--floors` (the HTTP rows): the floors' routes and their database; left out elsewhere, so that
// the memory row measures embedkit alone.
const floors = process.argv.includes('--floors') ? (await import('./floors.mjs')).mountFloors : undefined;

// `--lift-plan-limits` (the sequential and peers groups): 1,000 pushes in a row pass the Developer
// Trial's 1,000 a minute, and a peer has no limit; the counting still runs, only its ceiling is higher.
const NO_LIMITS = { requestsPerMinute: 1e9, recipientsPerMinute: 1e12 };
const lifted = process.argv.includes('--lift-plan-limits')
  ? { bots: { planLimits: { 'developer-trial': NO_LIMITS, other: NO_LIMITS } } }
  : {};
const embedkit = await startServer({ port: 0, inMemory: true, logger: pino({ level: 'silent' }), ...lifted });
// As the embedkit command does once it is ready (cli/start/start.ts).
collectStartupGarbage();
const bare = express();
bare.get('/bare', (_req, res) => {
  res.json({});
});
const floor = floors?.(bare);
const server = createServer(bare);
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
process.stdout.write(
  `${JSON.stringify({ embedkitPort: embedkit.port, blockchainPort: embedkit.ports.blockchain, barePort: server.address().port, floorUserToken: floor?.userToken, floorChannelToken: floor?.channelToken })}\n`,
);
// Exit on SIGTERM as on a normal end, so that `node --cpu-prof` writes its profile (bench/http/profile.ts).
process.on('SIGTERM', () => process.exit(0));
