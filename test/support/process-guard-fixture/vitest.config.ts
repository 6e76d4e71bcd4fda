// A tiny run for test/unit/app/process-guard.test.ts: the real guard around one test file that leaves a process behind.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: '.',
    include: ['test/support/process-guard-fixture/leaves-a-process.fixture.ts'],
    globalSetup: ['test/support/process-guard.ts'],
    pool: 'forks',
  },
});
