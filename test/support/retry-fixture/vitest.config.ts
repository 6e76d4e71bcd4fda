// A tiny run for test/unit/tooling/browser-retry.test.ts: freshAfterFailure around tests that fail on their first try.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: '.',
    include: ['test/support/retry-fixture/fails-once.fixture.ts'],
    pool: 'forks',
  },
});
