#!/usr/bin/env node
/**
 * `embedkit` (`npx embedkit`, `npm start`): refuses a Node.js it does not run on, sets up the
 * process's heap, then runs the command line (`cli/program.ts`). The program is imported only
 * after both: an older Node.js fails in its modules' loading (the native SQLite module) with a
 * message that names neither Node.js nor the fix, and that loading is what first grows the heap
 * (runtime/heap.ts).
 */
import { keepHeapSmall } from './runtime/heap.js';
import { unsupportedNode } from './runtime/node-version.js';

const unsupported = unsupportedNode();
if (unsupported) {
  process.stderr.write(`${unsupported}\n`);
  process.exit(1);
}
keepHeapSmall();
await import('./cli/program.js');
