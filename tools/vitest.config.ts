import { defineConfig } from 'vitest/config';

// The stand-ins start real servers on ephemeral loopback ports; their suites use real SDKs.
export default defineConfig({
  test: {
    name: 'tools',
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
