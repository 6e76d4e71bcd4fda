/**
 * Interface drift against the demo venue's real GET /: read when the link opens and again on each daily tick
 * (a hand-stepped repeat stands in for the 24 h timer), reported to the snapshot only when it changes, and a
 * failed read keeps the last answer.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startDemoVenue, type RunningDemoVenue } from '../../../main/demo';
import { DRIFT_CHECK_MS, DriftWatch, type Repeat } from '../../../main/core/session/drift-watch';
import { SPEC_UPDATED } from '../../../main/core/venue/drift';
import { VenueClient } from '../../../main/core/venue/rest-client';

let venue: RunningDemoVenue;
beforeEach(async () => {
  venue = await startDemoVenue({ autoplay: false });
});
afterEach(async () => {
  await venue.close();
});

/** A repeat the test steps by hand; it records the period it was asked for. */
function manualRepeat(): { repeat: Repeat; tick: () => void; periodMs: () => number | null; stopped: () => boolean } {
  let task: (() => void) | null = null;
  let period: number | null = null;
  let stopped = false;
  return {
    repeat: (run, ms) => {
      task = run;
      period = ms;
      return () => {
        stopped = true;
      };
    },
    tick: () => task?.(),
    periodMs: () => period,
    stopped: () => stopped,
  };
}

describe('drift watch', () => {
  it('checks GET / at start and daily, and shows when the venue changed after this build', async () => {
    const client = new VenueClient({ baseUrl: venue.baseUrl, key: venue.key });
    const day = manualRepeat();
    let changes = 0;
    const logged: string[] = [];
    const watch = new DriftWatch(
      () => client.checkDrift(),
      () => (changes += 1),
      (line) => logged.push(line),
      day.repeat,
    );
    expect(day.periodMs()).toBe(DRIFT_CHECK_MS);
    await expect
      .poll(() => watch.view())
      .toEqual({ drift: 'none', builtFor: SPEC_UPDATED, venueUpdated: SPEC_UPDATED, changelog: expect.any(String) });
    expect(changes).toBe(1);

    // The same answer the next day: nothing to re-render.
    day.tick();
    await watch.run();
    expect(changes).toBe(1);

    venue.faults.setApiUpdated('2027-01-15');
    day.tick();
    await expect.poll(() => watch.view()?.drift).toBe('newer');
    expect(watch.view()).toMatchObject({ venueUpdated: '2027-01-15', builtFor: SPEC_UPDATED });
    expect(changes).toBe(2);

    // The venue cannot be reached: the last answer stays, the failure is logged.
    let reachable = true;
    const flaky = new DriftWatch(
      () => (reachable ? client.checkDrift() : Promise.reject(new Error('connect ECONNREFUSED'))),
      () => undefined,
      (line) => logged.push(line),
      manualRepeat().repeat,
    );
    await flaky.run();
    expect(flaky.view()?.drift).toBe('newer');
    reachable = false;
    await flaky.run();
    expect(flaky.view()).toMatchObject({ drift: 'newer', venueUpdated: '2027-01-15' });
    expect(logged.some((line) => line.includes('ECONNREFUSED'))).toBe(true);
    flaky.close();
    watch.close();
    expect(day.stopped()).toBe(true);
  });
});
