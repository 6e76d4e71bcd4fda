// The real keeper against demo faults of the engine and the frames: a seq that goes back to 1 on an open socket, an
// engine run that passed the client's cursor while it was away, and a start_hand with one malformed seat. Each time
// the table follows the venue exactly and what was missed is reported.
import { afterEach, describe, expect, it } from 'vitest';
import { VenueClient, type KeeperUpdate } from '../../../main/core/venue/index';
import { startDemoVenue, type RunningDemoVenue } from '../../../main/demo/index';
import { recordedKeeper, settledViews, waitFor, type RecordedKeeper } from '../../support/venue-live-harness';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function liveKeeper(seed: number, healing = true): Promise<{ demo: RunningDemoVenue; recorded: RecordedKeeper }> {
  const demo = await startDemoVenue({ paceMs: 3, seed, historyHands: 20 });
  cleanups.push(() => demo.close());
  const client = new VenueClient({ baseUrl: demo.baseUrl, key: demo.key });
  const recorded = recordedKeeper(
    demo.wsUrl,
    demo.key,
    healing ? { access: client, stateSource: client } : { access: client },
  );
  cleanups.push(() => recorded.keeper.stop());
  await recorded.keeper.start();
  await demo.inspect.waitForHands(1);
  return { demo, recorded };
}

function gaps(recorded: RecordedKeeper): Extract<KeeperUpdate, { type: 'gap' }>['gap'][] {
  return recorded.updates.flatMap((update) => (update.type === 'gap' ? [update.gap] : []));
}

describe('LiveKeeper through engine and frame faults', () => {
  it(
    'a seq that goes back on an open socket is a reset: gap reported, reconnected ' + 'with since_seq, table exact',
    async () => {
      const { demo, recorded } = await liveKeeper(71);
      await demo.faults.holdBetweenHands();
      await waitFor(() => recorded.live.cursor.seq === demo.inspect.trueTable().seq, 'the keeper to catch up');
      const oldCursor = recorded.live.cursor;
      demo.faults.restartEngineUnderSockets();
      demo.faults.resumeTable();
      await waitFor(
        () => gaps(recorded).some((gap) => gap.reason === 'seq-regression'),
        'the regression to be reported',
      );
      const regression = gaps(recorded).find((gap) => gap.reason === 'seq-regression');
      expect(regression).toMatchObject({ afterSeq: oldCursor.seq, resumedAtSeq: 1 });
      await waitFor(
        () => recorded.updates.some((update) => update.type === 'reset'),
        'the reset envelope of the reconnect',
      );
      await demo.inspect.waitForHands(2);
      await demo.faults.holdBetweenHands();
      const [model, truth] = await settledViews(recorded.live, () => demo.inspect.trueTable());
      expect(model).toEqual(truth);
      // The state frame makes the model exact at once; the replay's catch-up events may still be on their way.
      await waitFor(() => recorded.live.cursor.seq === demo.inspect.trueTable().seq, 'the replay to finish');
      expect(recorded.live.cursor.runEpoch).toBe(oldCursor.runEpoch + 1);
    },
  );

  it(
    'an engine run that passed the cursor while the client was away: reset ' +
      'and a gap, the table follows the new run',
    async () => {
      const { demo, recorded } = await liveKeeper(72);
      await demo.faults.holdBetweenHands();
      await waitFor(() => recorded.live.cursor.seq === demo.inspect.trueTable().seq, 'the keeper to catch up');
      const oldCursor = recorded.live.cursor;
      demo.faults.refuseUpgrades({ status: 503 });
      demo.faults.restartEngine();
      demo.faults.resumeTable();
      await waitFor(
        () => demo.inspect.trueTable().seq > (oldCursor.seq ?? 0) + 20,
        'the new run to pass the old cursor',
      );
      await demo.faults.holdBetweenHands();
      demo.faults.refuseUpgrades(null);
      await waitFor(() => recorded.updates.some((update) => update.type === 'reset'), 'reset');
      expect(gaps(recorded).at(-1)).toMatchObject({
        afterSeq: oldCursor.seq,
        reason: 'engine-reset',
        runEpoch: oldCursor.runEpoch + 1,
      });
      const [model, truth] = await settledViews(recorded.live, () => demo.inspect.trueTable());
      expect(model).toEqual(truth);
      // The state frame makes the model exact at once; the replay's catch-up events may still be on their way.
      await waitFor(() => recorded.live.cursor.seq === demo.inspect.trueTable().seq, 'the replay to finish');
    },
  );

  it(
    'two cashier PCs sharing the key through a restart that passed their cursors: ' +
      'both report a gap and follow the new run',
    async () => {
      const { demo, recorded } = await liveKeeper(74);
      const client = new VenueClient({ baseUrl: demo.baseUrl, key: demo.key });
      const second = recordedKeeper(demo.wsUrl, demo.key, { access: client, stateSource: client });
      cleanups.push(() => second.keeper.stop());
      await second.keeper.start();
      await waitFor(() => second.live.cursor.seq !== null, 'an event on the second PC');
      await demo.faults.holdBetweenHands();
      const keepers = [recorded, second];
      await waitFor(
        () => keepers.every((one) => one.live.cursor.seq === demo.inspect.trueTable().seq),
        'both to catch up',
      );
      const gapsBefore = keepers.map((one) => gaps(one).length);
      demo.faults.refuseUpgrades({ status: 503 });
      demo.faults.restartEngine();
      demo.faults.resumeTable();
      await waitFor(
        () => demo.inspect.trueTable().seq > (recorded.live.cursor.seq ?? 0) + 40,
        'the new run to pass both cursors',
      );
      await demo.faults.holdBetweenHands();
      demo.faults.refuseUpgrades(null);
      // The venue knows only one run per key: whichever reconnects second is answered reset: false.
      for (const [index, one] of keepers.entries()) {
        await waitFor(
          () => gaps(one).length > (gapsBefore[index] ?? 0) && one.live.table.connected,
          `keeper ${index + 1}'s gap`,
        );
        expect(['engine-reset', 'hands-skipped']).toContain(gaps(one).at(-1)?.reason);
        const [model, truth] = await settledViews(one.live, () => demo.inspect.trueTable());
        expect(model).toEqual(truth);
      }
    },
  );

  it(
    'a start_hand with seat_id null in one seat keeps the other seats, reports ' +
      'the bad one and heals from /live/state',
    async () => {
      const { demo, recorded } = await liveKeeper(73);
      await demo.faults.holdBetweenHands();
      demo.faults.malformNextStartHandSeat();
      demo.faults.pauseTable();
      demo.faults.resumeTable();
      await waitFor(() => recorded.updates.some((update) => update.type === 'repaired'), 'the repaired start_hand');
      demo.faults.pauseTable();
      const repaired = recorded.updates.find((update) => update.type === 'repaired');
      expect(repaired).toMatchObject({ kind: 'start_hand' });
      if (repaired?.type === 'repaired') expect(repaired.dropped.join(' ')).toMatch(/seats\.0\.seat_id/);
      const applied = recorded.updates.find(
        (update) =>
          update.type === 'event' &&
          update.event.kind === 'start_hand' &&
          update.event.seq === (repaired as { seq: number }).seq,
      );
      expect(applied).toBeDefined();
      await waitFor(() => recorded.updates.some((update) => update.type === 'healed'), 'the heal');
      // Paused mid-hand right after the heal: the model must already be exact, with no reconnect to help it.
      const [model, truth] = await settledViews(recorded.live, () => demo.inspect.trueTable(), 2_000);
      expect(model).toEqual(truth);
      expect(
        recorded.updates.filter((update) => update.type === 'status' && update.status.phase === 'open'),
      ).toHaveLength(1);
    },
  );
});
