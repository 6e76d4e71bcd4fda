/**
 * The whole app for browser tests: the web runtime in-process on its own demo venue (whose faults and truth the
 * test drives), and a Chromium page opened on it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startDemoVenue, type RunningDemoVenue } from '../../main/demo';
import type { DemoVenueOptions } from '../../main/demo/api';
import type { LiveKeeperOptions } from '../../main/core/venue/live-keeper';
import { startWebRuntime, type WebRuntime } from '../../main/web/runtime';
import { launchChromium, type LaunchedChromium } from './chromium';
import { waitForApp } from './app-ready';

export interface WebApp {
  readonly runtime: WebRuntime;
  readonly demo: RunningDemoVenue;
  readonly browser: LaunchedChromium;
  readonly page: Page;
  readonly dataDir: string;
  close(): Promise<void>;
}

/** Fast demo timings: hands take a fraction of a second, with a visible gap between them. */
export const FAST_DEMO: DemoVenueOptions = {
  paceMs: 25,
  betweenHandsMs: 300,
  hostAnswerMs: 5,
  hostTimeoutMs: 300,
  seed: 7,
};

/** The operator the test app's first shift is opened by. */
export const TEST_OPERATOR = 'Test cashier';

/**
 * Starts runtime + demo + browser and opens the app page; waits for the first table render. Then opens a shift
 * (float 0, by TEST_OPERATOR) as a cashier does before taking money, since nothing opens one by itself; pass
 * `{ openShift: false }` to start with none.
 */
export async function startWebApp(
  demoOptions: DemoVenueOptions = FAST_DEMO,
  {
    openShift = true,
    live = {},
  }: {
    readonly openShift?: boolean;
    /** The live keeper's options over the short ones below (a test of the waits themselves sets its own). */
    readonly live?: Partial<LiveKeeperOptions>;
  } = {},
): Promise<WebApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'venue-e2e-'));
  let demo: RunningDemoVenue | null = null;
  const runtime = await startWebRuntime({
    dataDir,
    venue: null,
    wsUrl: null,
    key: null,
    // Short heartbeats and backoff so a dropped socket recovers within the test's patience.
    live: {
      backoff: { baseMs: 100, capMs: 1000, stableMs: 5000 },
      heartbeat: { pingIntervalMs: 1000, pongTimeoutMs: 2000 },
      ...live,
    },
    hostProbeMs: 400,
    startDemo: async () => {
      demo = await startDemoVenue(demoOptions);
      return demo;
    },
    log: () => undefined,
  });
  if (demo === null) throw new Error('the runtime did not start its demo venue');
  const browser = await launchChromium();
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  await page.goto(runtime.url);
  await waitForApp(page);
  if (openShift) {
    const opened = await runtime.session.invoke('cashier:open-shift', [0, { operator: TEST_OPERATOR }]);
    if (!opened.ok) throw new Error(`the test app could not open a shift: ${opened.error.message}`);
  }
  const started: RunningDemoVenue = demo;
  return {
    runtime,
    demo: started,
    browser,
    page,
    dataDir,
    async close() {
      await browser.close();
      await runtime.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Saves a screenshot under test-output/screenshots/. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join('test-output', 'screenshots', `${name}.png`) });
}

/** Closes every dialog left open over the page (a failed test must not leave one over the next test's page). */
export async function closeDialogs(page: Page): Promise<void> {
  for (let open = 0; open < 3 && (await page.getByRole('dialog').count()) > 0; open += 1)
    await page.keyboard.press('Escape');
}
