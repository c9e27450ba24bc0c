// Unit and integration tests: Node only, no servers, no browser.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts'],
    environment: 'node',
    // Only a guard against hangs: the seeded long-outage runs (16 players, 70 s of virtual time) take
    // ~10 s on a quiet 2-core machine and were seen at 75 s on a loaded one.
    testTimeout: 240_000,
  },
});
