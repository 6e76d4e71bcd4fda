// A saved place without a seq (a first connection that saw no event, or a crash right after a reset) is an unknown
// position: the keeper must not resume as if nothing was missed. It takes the state frame and reports a gap.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LivePersistence } from '../../../main/core/venue/index';
import { startDemoVenue } from '../../../main/demo/index';
import { recordedKeeper, settledViews, waitFor } from '../../support/venue-live-harness';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('LiveKeeper resuming a saved place', () => {
  it('a saved place with a null seq resumes from the state frame and reports an unknown-position gap', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'venue-keeper-resume-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const demo = await startDemoVenue({ paceMs: 3, seed: 81, historyHands: 20, autoplay: false });
    cleanups.push(() => demo.close());

    const first = recordedKeeper(demo.wsUrl, demo.key, { persistence: new LivePersistence(dir), persistEveryMs: 10 });
    await first.keeper.start();
    await waitFor(() => first.live.table.connected, 'the first state frame');
    await first.keeper.stop();
    const saved = await new LivePersistence(dir).load();
    expect(saved.kind === 'loaded' && saved.record.seq).toBeNull();

    // While the client was away the table played on: those events are gone from its point of view.
    demo.faults.resumeTable();
    await demo.inspect.waitForHands(1);
    const resumed = recordedKeeper(demo.wsUrl, demo.key, { persistence: new LivePersistence(dir) });
    cleanups.push(() => resumed.keeper.stop());
    await resumed.keeper.start();
    await waitFor(() => resumed.updates.some((update) => update.type === 'gap'), 'the gap report');
    const gap = resumed.updates.find((update) => update.type === 'gap');
    expect(gap).toMatchObject({ type: 'gap', gap: { reason: 'unknown-position', afterSeq: null } });
    await demo.inspect.waitForHands(1);
    await demo.faults.holdBetweenHands();
    const [model, truth] = await settledViews(resumed.live, () => demo.inspect.trueTable());
    expect(model).toEqual(truth);
  });
});
