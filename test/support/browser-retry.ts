/**
 * Browser and process tests (test/e2e) run once more when they fail: they drive real Chromium, real child processes
 * and real timers on a shared 2-core machine, where a click can land a frame late. A test that passes only on its
 * retry is reported as flaky by Vitest, so a flake stays visible; one that fails twice fails the run. Unit,
 * integration and property tests never retry (a fast-check counterexample must fail the run the first time).
 */
export const BROWSER_RETRY = { retry: 1 } as const;
