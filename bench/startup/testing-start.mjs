// `startEmbedkit()` (embedkit/testing) in a new process, as a test file's first start pays it:
// the module loading, then the start in memory; prints the ready line the start-up bench waits for.
import { startEmbedkit } from '../../server/dist/testing.js';

const kit = await startEmbedkit();
process.stdout.write(`embedkit ready: ${kit.url}\n`);
process.once('SIGTERM', () => void kit.stop().then(() => process.exit(0)));
