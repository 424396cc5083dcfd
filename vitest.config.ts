import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{sdk,host,server,demo,scripts,bench}/test/**/*.test.ts'],
    // Two test files at a time, also on 2 cores (vitest's default there is one): most files wait
    // on child processes, sockets and timers more than they compute. Each file has its own ports
    // (0: free ones) and data folders (mkdtemp).
    maxWorkers: 2,
  },
});
