// The NAT lab (test/lab): network namespaces, nftables NATs, coturn and one real Chromium per player.
// Needs root (ip netns); run by `npm test` after the e2e tests. One file at a time: each makes its own lab.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/lab/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    globalSetup: ['test/lab/global-setup.ts'],
    testTimeout: 240_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
