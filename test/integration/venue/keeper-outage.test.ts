// The real keeper against a demo venue that refuses every upgrade for a long outage, on a manual clock: the waits
// grow exponentially with full jitter up to the cap, a 429's retry_after_sec is honoured, an unanswered connect
// says "unreachable", and when the venue returns the table is live and true within the cap.
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_BACKOFF } from '../../../main/core/venue/index';
import { startDemoVenue, type DemoUpgradeRefusal, type RunningDemoVenue } from '../../../main/demo/index';
import {
  settledViews,
  startManualClockKeeper,
  waitFor,
  type ManualClockKeeper,
} from '../../support/venue-live-harness';

const OUTAGE_MS = 90_000;
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Outage extends ManualClockKeeper {
  readonly demo: RunningDemoVenue;
}

async function outage(refusal: DemoUpgradeRefusal, seed: number): Promise<Outage> {
  const demo = await startDemoVenue({ paceMs: 3, seed, historyHands: 20 });
  cleanups.push(() => demo.close());
  demo.faults.refuseUpgrades(refusal);
  const kept = await startManualClockKeeper({ wsUrl: demo.wsUrl, key: demo.key, seed }, cleanups);
  return { demo, ...kept };
}

/** Runs the keeper's reconnect timers until the clock passes `untilAt` (each refused attempt is awaited for real). */
async function runOutage({ live, timers, waits }: Outage, untilAt: number, maxAttempts = 60): Promise<void> {
  for (let attempt = 0; attempt < maxAttempts; attempt += 1) {
    const seen = waits.length;
    await waitFor(
      () => waits.length > seen || live.status.phase === 'reconnecting',
      'the refused attempt to be scheduled again',
    );
    if ((timers.nextDue() ?? Infinity) > untilAt) return;
    timers.fireNext();
    await waitFor(() => waits.length > seen, 'the next refusal');
  }
  throw new Error(`more than ${maxAttempts} upgrades before ${untilAt}`);
}

describe('LiveKeeper through a long outage', () => {
  it(
    'a 90 s outage (503 on every upgrade): at most ~15 upgrades, growing waits, ' + 'then live and true within the cap',
    async () => {
      const run = await outage({ status: 503 }, 41);
      const { demo, live, timers, waits } = run;
      const returnsAt = timers.now() + OUTAGE_MS;
      await runOutage(run, returnsAt);
      const refused = demo.faults.refusedUpgrades();
      console.info(`upgrades refused in the 90 s outage: ${refused}`);
      expect(refused).toBeLessThanOrEqual(15);
      expect(refused).toBeGreaterThanOrEqual(5);
      // The attempt counter never went back: each wait belongs to the next attempt, and none exceeds the cap.
      expect(waits.map((wait) => wait.attempt)).toEqual(waits.map((_, index) => index));
      for (const wait of waits) expect(wait.reason).toMatch(/503/);
      demo.faults.refuseUpgrades(null);
      timers.fireNext();
      await waitFor(
        () => live.status.phase === 'open' && live.table.live === true && live.table.connected,
        'live again',
      );
      expect(timers.now() - returnsAt).toBeLessThanOrEqual(DEFAULT_BACKOFF.capMs);
      await demo.faults.holdBetweenHands();
      const [model, truth] = await settledViews(live, () => demo.inspect.trueTable());
      expect(model).toEqual(truth);
    },
  );

  it('a 429 on the upgrade is retried no sooner than its retry_after_sec', async () => {
    const run = await outage({ status: 429, retryAfterSec: 20 }, 42);
    const { demo, timers, waits } = run;
    await runOutage(run, timers.now() + 60_000);
    expect(waits.length).toBeGreaterThanOrEqual(3);
    for (const wait of waits) expect(wait.reason).toMatch(/429, retry after 20 s/);
    const gaps = waits.slice(1).map((wait, index) => wait.retryAt - (waits[index] as (typeof waits)[number]).retryAt);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(20_000);
    expect(demo.faults.refusedUpgrades()).toBe(waits.length);
  });

  it('a venue that does not answer at all is reported unreachable, an answered refusal is not', async () => {
    const silent = await outage('unreachable', 43);
    await runOutage(silent, silent.timers.now() + 10_000);
    expect(silent.waits.length).toBeGreaterThan(1);
    expect(silent.waits.every((wait) => wait.unreachable)).toBe(true);
    const answered = await outage({ status: 502 }, 44);
    await runOutage(answered, answered.timers.now() + 10_000);
    expect(answered.waits.every((wait) => !wait.unreachable)).toBe(true);
  });
});
