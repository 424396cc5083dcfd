import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{sdk,host,server,demo,scripts,bench}/test/**/*.test.ts'],
  },
});
