/**
 * Each connection's verdict on the stretch before it (the keeper's `resume` update), against the demo venue: the
 * first connection has no cursor, a reconnect whose replay is whole is `complete`, and one after an evicted buffer
 * is `incomplete` right after its gap. The venue ledger builds its continuity from these.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startDemoVenue } from '../../../main/demo/index';
import { recordedKeeper, waitFor } from '../../support/venue-live-harness';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('LiveKeeper resume verdicts', () => {
  it('says no-cursor, then complete after a drop, then incomplete after an eviction', async () => {
    const demo = await startDemoVenue({ paceMs: 3, seed: 9 });
    cleanups.push(() => demo.close());
    const recorded = recordedKeeper(demo.wsUrl, demo.key);
    cleanups.push(() => recorded.keeper.stop());
    await recorded.keeper.start();
    const verdicts = () =>
      recorded.updates.flatMap((update) =>
        update.type === 'resume' ? [update.verdict] : update.type === 'gap' ? ['gap'] : [],
      );
    await waitFor(() => verdicts().length === 1, 'the first verdict');
    await demo.inspect.waitForHands(1);
    demo.faults.dropAllSockets();
    await waitFor(() => verdicts().length === 2, 'the verdict after a drop');
    demo.faults.pauseTable();
    demo.faults.dropAllSockets();
    demo.faults.evictReplayBuffer();
    await waitFor(() => verdicts().length === 4, 'the verdict after an eviction');
    expect(verdicts()).toEqual(['no-cursor', 'complete', 'gap', 'incomplete']);
  });
});
