/**
 * Browser and process tests (test/e2e) run once more when they fail: they drive real Chromium, real child processes
 * and real timers on a shared 2-core machine, where a click can land a frame late. A test that passes only on its
 * retry is reported as flaky by Vitest, so a flake stays visible; one that fails twice fails the run. Unit,
 * integration and property tests never retry (a fast-check counterexample must fail the run the first time).
 *
 * A retry must be able to fail only for the test's own reason, so it starts on a clean fixture (freshAfterFailure):
 * never on a page left with a dialog open or on another screen, a venue left with a fault switched on, or seats a
 * failed attempt already moved money for.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';

export const BROWSER_RETRY = { retry: 1 } as const;

/** What a file shares between its tests: the app, its demo venue and page, and whatever the file keeps beside it. */
export interface FileFixture {
  close(): Promise<void>;
}

/** How a file's fixture is started: `prepare` runs on it once it is up (it is closed even if prepare fails). */
export interface FreshFixtureOptions<T extends FileFixture> {
  readonly prepare?: (fixture: T) => Promise<void>;
  /** For a fixture slower to start than the hooks' default timeout (a long history to publish). */
  readonly timeoutMs?: number;
}

/**
 * Starts the file's shared fixture before its first test, and replaces it after any failed attempt: the retry of a
 * failed test, and every test after it, start on a fresh one (a passing run starts it once). `start` must also
 * reset what the file keeps beside the fixture (seats used, ids seen), since the fresh venue knows none of it.
 * Each test must therefore set up what it needs itself, never count on what an earlier test left behind.
 */
export function freshAfterFailure<T extends FileFixture>(
  start: () => Promise<T>,
  { prepare, timeoutMs }: FreshFixtureOptions<T> = {},
): void {
  let current: T | null = null;
  let spoiled = false;
  const open = async () => {
    current = await start();
    await prepare?.(current);
  };
  beforeAll(open, timeoutMs);
  beforeEach(async ({ onTestFailed }) => {
    onTestFailed(() => {
      spoiled = true;
    });
    if (!spoiled) return;
    spoiled = false;
    const old = current;
    current = null;
    await old?.close();
    await open();
  }, timeoutMs);
  afterAll(async () => {
    await current?.close();
  });
}
