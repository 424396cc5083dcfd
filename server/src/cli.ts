#!/usr/bin/env node
/**
 * `embedkit` (`npx embedkit`, `npm start`): sets up the process's heap, then runs the command line
 * (`cli/program.ts`). The program is imported only after the heap setting, because the modules'
 * loading is what first grows the heap (runtime/heap.ts).
 */
import { keepHeapSmall } from './runtime/heap.js';

keepHeapSmall();
await import('./cli/program.js');
