import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Compiles the CLI once per run (the CLI tests start bin/fourfold.js).
    globalSetup: ['./vitest.global-setup.ts'],
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts', 'e2e/**/*.e2e.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // Two shared cores: tree-sitter and Chromium tests compete for them.
    maxWorkers: 2,
    // No CLI a test starts may leave a warm server behind (src/node/warm-server.ts); the tests of
    // the server start and stop their own.
    env: { FOURFOLD_NO_SERVER: '1' },
    fileParallelism: true,
  },
});
