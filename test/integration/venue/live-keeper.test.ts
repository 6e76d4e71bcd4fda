import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LivePersistence, VenueClient, deriveConnectionView, systemClock } from '../../../main/core/venue/index';
import { startDemoVenue, type RunningDemoVenue } from '../../../main/demo/index';
import {
  duplicates,
  recordedKeeper,
  settledViews,
  sleep,
  waitFor,
  type HeldView,
  type RecordedKeeper,
} from '../../support/venue-live-harness';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function venue(options: Parameters<typeof startDemoVenue>[0] = {}): Promise<RunningDemoVenue> {
  const started = await startDemoVenue({ paceMs: 3, seed: 5, historyHands: 20, ...options });
  cleanups.push(() => started.close());
  return started;
}

async function keeperFor(
  demo: RunningDemoVenue,
  extra: Parameters<typeof recordedKeeper>[2] = {},
): Promise<RecordedKeeper> {
  const recorded = recordedKeeper(demo.wsUrl, demo.key, extra);
  cleanups.push(() => recorded.keeper.stop());
  await recorded.keeper.start();
  return recorded;
}

/** After `hands` more hands, pauses the table and expects the keeper's model to equal the venue's truth. */
async function expectTrueOncePaused(demo: RunningDemoVenue, live: HeldView, hands: number): Promise<void> {
  await demo.inspect.waitForHands(hands);
  demo.faults.pauseTable();
  const [model, truth] = await settledViews(live, () => demo.inspect.trueTable());
  expect(model).toEqual(truth);
}

function updatesOf(recorded: RecordedKeeper, type: string) {
  return recorded.updates.filter((update) => update.type === type);
}

describe('LiveKeeper against the demo venue', () => {
  it('follows the table exactly through random socket drops, without applying a seq twice', async () => {
    const demo = await venue({ seed: 21 });
    const recorded = await keeperFor(demo);
    for (const pause of [7, 31, 3, 55, 12, 0, 90]) {
      await sleep(pause);
      demo.faults.dropAllSockets();
    }
    await expectTrueOncePaused(demo, recorded.live, 2);
    expect(duplicates(recorded.seenSeqs)).toEqual([]);
    expect(updatesOf(recorded, 'protocol-error')).toEqual([]);
  });

  it('follows a table with antes and a straddle exactly, paused mid-hand at several points', async () => {
    // Spec rule 1: start_hand's posted covers the blind, the ante or the straddle; antes are dead money.
    const demo = await venue({ seed: 23, seats: 8, ante: 0.5, straddle: 4 });
    const recorded = await keeperFor(demo);
    for (const pause of [0, 9, 17, 4, 26]) {
      await demo.inspect.waitForHands(1);
      await sleep(pause);
      demo.faults.pauseTable();
      const [model, truth] = await settledViews(recorded.live, () => demo.inspect.trueTable());
      expect(model).toEqual(truth);
      demo.faults.resumeTable();
    }
    expect(updatesOf(recorded, 'protocol-error')).toEqual([]);
  });

  it('follows an engine restart: reset reported, seq tracking restarts, table still exact', async () => {
    const demo = await venue({ seed: 22 });
    const recorded = await keeperFor(demo);
    await demo.inspect.waitForHands(1);
    demo.faults.restartEngine();
    await waitFor(() => updatesOf(recorded, 'reset').length === 1, 'the reset');
    expect(recorded.live.cursor.runEpoch).toBe(1);
    await expectTrueOncePaused(demo, recorded.live, 1);
    expect(duplicates(recorded.seenSeqs)).toEqual([]);
  });

  it('reports an evicted replay buffer as a gap to reconcile, and heals the table from the state frame', async () => {
    const demo = await venue({ seed: 23 });
    const recorded = await keeperFor(demo);
    await demo.inspect.waitForHands(1);
    // Paused, so no new event refills the buffer before the reconnect: the window is provably incomplete.
    demo.faults.pauseTable();
    demo.faults.dropAllSockets();
    demo.faults.evictReplayBuffer();
    await waitFor(() => updatesOf(recorded, 'gap').length > 0, 'the gap report');
    expect(updatesOf(recorded, 'gap')[0]).toMatchObject({ type: 'gap', gap: { reason: 'buffer-evicted' } });
    demo.faults.resumeTable();
    await expectTrueOncePaused(demo, recorded.live, 1);
  });

  it('shows the venue host offline with the last frame and its age', async () => {
    const demo = await venue({ seed: 24 });
    const recorded = await keeperFor(demo);
    const badge = (): string => deriveConnectionView(recorded.live.status, recorded.live.table, systemClock.now()).kind;
    await waitFor(() => badge() === 'live', 'live');
    demo.faults.setHostOnline(false);
    demo.faults.dropAllSockets();
    await waitFor(() => badge() === 'host-offline', 'host offline');
    const view = deriveConnectionView(recorded.live.status, recorded.live.table, Date.now() + 5_000);
    expect(view.kind).toBe('host-offline');
    if (view.kind === 'host-offline') expect(view.lastFrameAgeMs).toBeGreaterThanOrEqual(5_000);
    expect(recorded.live.table.seats.length).toBeGreaterThan(0);
  });

  it('stops for good when the key is revoked mid-stream, and says so', async () => {
    const demo = await venue({ seed: 25 });
    const recorded = await keeperFor(demo);
    await demo.inspect.waitForHands(1);
    demo.faults.revokeKey();
    await waitFor(() => recorded.live.status.phase === 'withdrawn', 'withdrawal');
    const statusesAfter = updatesOf(recorded, 'status').length;
    demo.faults.restoreKey();
    await sleep(600);
    expect(recorded.live.status.phase).toBe('withdrawn');
    expect(updatesOf(recorded, 'status').length).toBe(statusesAfter);
    expect(deriveConnectionView(recorded.live.status, recorded.live.table, Date.now()).kind).toBe('withdrawn');
  });

  it('refuses to connect with a revoked key (401 on upgrade) and when the REST client saw a 401', async () => {
    const demo = await venue({ seed: 26, autoplay: false });
    demo.faults.revokeKey();
    const refused = await keeperFor(demo);
    await waitFor(() => refused.live.status.phase === 'withdrawn', '401 on upgrade');
    demo.faults.restoreKey();
    const client = new VenueClient({ baseUrl: demo.baseUrl, key: demo.key });
    await client.keyInfo();
    const recorded = await keeperFor(demo, { access: client });
    await waitFor(() => recorded.live.status.phase === 'open', 'open');
    demo.faults.revokeKey();
    await expect(client.venue()).rejects.toThrow(/withdrew access/);
    await waitFor(() => recorded.live.status.phase === 'withdrawn', 'withdrawal through REST');
  });

  it('ignores unknown event kinds and unknown fields, reporting no error', async () => {
    const demo = await venue({ seed: 27 });
    demo.faults.setInjectUnknownFields(true);
    const recorded = await keeperFor(demo);
    await demo.inspect.waitForHands(1);
    demo.faults.injectUnknownEventKind('table_renamed', { name: 'x' });
    await waitFor(() => updatesOf(recorded, 'ignored').length > 0, 'the unknown kind');
    await expectTrueOncePaused(demo, recorded.live, 1);
    expect(updatesOf(recorded, 'protocol-error')).toEqual([]);
    expect(updatesOf(recorded, 'ignored')[0]).toMatchObject({ name: 'table_renamed', reason: 'unknown-kind' });
  });

  it('detects a half-open socket by its missing pongs and reconnects', async () => {
    const demo = await venue({ seed: 28 });
    const recorded = await keeperFor(demo);
    await waitFor(() => recorded.live.status.phase === 'open', 'open');
    demo.faults.freezeSockets(true);
    await waitFor(() => recorded.live.status.phase === 'reconnecting', 'the heartbeat to give up');
    demo.faults.freezeSockets(false);
    await waitFor(() => recorded.live.status.phase === 'open', 'reopen');
    await expectTrueOncePaused(demo, recorded.live, 1);
    expect(duplicates(recorded.seenSeqs)).toEqual([]);
  });

  it('proves delivery: pongs advance it, a half-open socket freezes it, a whole replay carries it', async () => {
    const demo = await venue({ seed: 30 });
    const recorded = await keeperFor(demo);
    await waitFor(() => recorded.live.coverage.deliveredThrough !== null, 'a first answered ping');
    const first = recorded.live.coverage;
    expect(first.unbrokenSince).not.toBeNull();
    expect(first.deliveredThrough ?? 0).toBeGreaterThanOrEqual(first.unbrokenSince ?? Infinity);
    demo.faults.freezeSockets(true);
    const frozenAt = Date.now();
    const stretchBefore = recorded.live.coverage;
    await sleep(200);
    // Nothing sent after the freeze is proven delivered: the pings go unanswered.
    expect(recorded.live.coverage.deliveredThrough ?? 0).toBeLessThanOrEqual(frozenAt);
    await waitFor(() => recorded.live.status.phase === 'reconnecting', 'the heartbeat to give up');
    expect(recorded.live.coverage).toMatchObject({
      unbrokenSince: null,
      deliveredThrough: null,
      unbrokenAfter: null,
    });
    demo.faults.freezeSockets(false);
    await waitFor(() => (recorded.live.coverage.deliveredThrough ?? 0) > frozenAt, 'a pong on the new connection');
    // The reconnect's replay from our cursor was complete: one unbroken stretch since the first connection.
    expect(recorded.live.coverage.unbrokenSince).toBe(first.unbrokenSince);
    // In positions too: the same run of the venue's counter, the stretch still starting where it did.
    expect(recorded.live.coverage.run).toBe(stretchBefore.run);
    if (stretchBefore.unbrokenAfter !== null)
      expect(recorded.live.coverage.unbrokenAfter).toBe(stretchBefore.unbrokenAfter);
    expect(updatesOf(recorded, 'delivered').length).toBeGreaterThan(1);
  });

  it(
    'persists its place: a restart without network shows the stale table, a ' + 'restart with network resumes',
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'venue-keeper-'));
      cleanups.push(() => rm(dir, { recursive: true, force: true }));
      const demo = await venue({ seed: 29 });
      const first = await keeperFor(demo, { persistence: new LivePersistence(dir), persistEveryMs: 20 });
      await demo.inspect.waitForHands(1);
      await first.keeper.stop();
      const savedSeq = first.live.cursor.seq;
      expect(savedSeq).not.toBeNull();

      const offline = recordedKeeper('ws://127.0.0.1:9/v1', demo.key, { persistence: new LivePersistence(dir) });
      cleanups.push(() => offline.keeper.stop());
      await offline.keeper.start();
      expect(offline.live.table.seats).toEqual(first.live.table.seats);
      expect(offline.live.cursor.seq).toBe(savedSeq);
      await waitFor(() => offline.live.status.phase === 'reconnecting', 'the failed connect');
      const view = deriveConnectionView(offline.live.status, offline.live.table, Date.now());
      expect(view).toMatchObject({ kind: 'reconnecting', stale: true });
      expect(view.dataAgeMs).not.toBeNull();
      await offline.keeper.stop();

      const resumed = await keeperFor(demo, { persistence: new LivePersistence(dir) });
      await expectTrueOncePaused(demo, resumed.live, 1);
      expect(updatesOf(resumed, 'reset')).toEqual([]);
      expect(updatesOf(resumed, 'gap')).toEqual([]);
      expect(Number(resumed.seenSeqs[0]?.split(':')[1])).toBe((savedSeq as number) + 1);
    },
  );
});
