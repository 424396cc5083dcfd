import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The contract's source, as the type-checker reads it (package.json "imports", condition
  // embedkit-source): tests never run a stale contract/dist.
  resolve: {
    alias: [{ find: /^#contract\/(.*)\.js$/, replacement: fileURLToPath(new URL('./contract/src/$1.ts', import.meta.url)) }],
  },
  test: {
    include: ['{sdk,host,server,demo,scripts,bench}/test/**/*.test.ts'],
    // Two test files at a time, also on 2 cores (vitest's default there is one): most files wait
    // on child processes, sockets and timers more than they compute. Each file has its own ports
    // (0: free ones) and data folders (mkdtemp).
    maxWorkers: 2,
    // A time limit is a hang's guard, not a speed check (speed is the benchmark's): two files at a
    // time on a loaded 2-core machine took a few tests past vitest's default 5 s.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
