import { defineConfig } from 'vitest/config';

// Handlers run against a real Postgres and real ID tokens from the Auth emulator (test/global-setup.ts).
// Files run one after another on one migrated database; each test makes its own users and data.
export default defineConfig({
  test: {
    name: 'functions',
    include: ['src/**/*.test.ts', 'migrations/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    setupFiles: ['./test/setup-env.ts'],
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 180_000,
  },
});
