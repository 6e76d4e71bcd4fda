/**
 * How a browser test file gets its app: a new one for every test (and so for every retry), or one per file that a
 * failed attempt replaces (freshAfterFailure). `use` hands each new app to the file, which keeps it in its own `app`.
 */
import { afterEach, beforeEach } from 'vitest';
import type { DemoVenueOptions } from '../../main/demo/api';
import { freshAfterFailure } from './browser-retry';
import { FAST_DEMO, startWebApp, type WebApp } from './web-app';

export interface WebAppFixtureOptions {
  readonly demo?: DemoVenueOptions;
  /** Hold the table between hands for the whole test: movements apply at once and a stack can be compared. */
  readonly held?: boolean;
}

/** A new app on its own demo venue before every test and every retry, closed after it. */
export function webAppPerTest(
  use: (app: WebApp) => void,
  { demo = FAST_DEMO, held = false }: WebAppFixtureOptions = {},
) {
  let app: WebApp | null = null;
  beforeEach(async () => {
    app = await startWebApp(demo);
    use(app);
    if (held) await app.demo.faults.holdBetweenHands();
  });
  afterEach(async () => {
    await app?.close();
    app = null;
  });
}

/** One app for the file's tests, replaced by a fresh one after any failed attempt (see freshAfterFailure). */
export function webAppPerFile(
  use: (app: WebApp) => void,
  { demo = FAST_DEMO, held = false }: WebAppFixtureOptions = {},
) {
  freshAfterFailure(
    async () => {
      const app = await startWebApp(demo);
      use(app);
      return app;
    },
    held ? { prepare: (app) => app.demo.faults.holdBetweenHands() } : {},
  );
}
