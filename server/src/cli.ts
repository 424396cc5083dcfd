#!/usr/bin/env node
/**
 * `embedkit` (`npx embedkit`, `npm start`): refuses a Node.js it does not run on, sets up the
 * process's heap, then runs the command line (`cli/program.ts`). The program is imported only
 * after both: an older Node.js fails in its modules' loading (the native SQLite module) with a
 * message that names neither Node.js nor the fix, and that loading is what first grows the heap
 * (runtime/heap.ts). Node's compile cache is switched on before the program loads too: a start
 * after the first one reads V8's compiled code from disk instead of compiling the modules again
 * (docs/project/benchmarks.md, "Start").
 */
import module from 'node:module';
import { keepHeapSmall } from './runtime/heap.js';
import { unsupportedNode } from './runtime/node-version.js';

const unsupported = unsupportedNode();
if (unsupported) {
  process.stderr.write(`${unsupported}\n`);
  process.exit(1);
}
keepHeapSmall();
// In the system's temporary folder (Node's default; NODE_COMPILE_CACHE, when set, wins), keyed by
// each file's content and Node's version: a new embedkit or Node.js never runs stale code. Read
// from the module object, not imported by name: a Node.js before 22.1 has no such export, and the
// import would fail before the version check above could say what to do.
(module as Partial<typeof module>).enableCompileCache?.();
await import('./cli/program.js');
