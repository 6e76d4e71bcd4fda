/**
 * A movement in doubt across a restart of the app, over the real cashier, venue link and live keeper against the
 * demo venue. The intent journals the stream position; the restarted keeper resumes with since_seq from its saved
 * place. A complete replay proves the stream unbroken since the intent, so the stack as it left says "not applied"
 * and "send again" is allowed. A replay the venue cannot prove complete (its buffer evicted) leaves "cannot tell",
 * with that reason.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startDemoVenue, type RunningDemoVenue } from '../../../main/demo/index';
import type { MovementView } from '../../../main/core/cashier/index';
import { keeperLiveFeed } from '../../../main/core/session/live-keeper-feed';
import { VenueConnection } from '../../../main/core/session/venue-connection';
import { openVenueLink, type VenueLink } from '../../../main/core/session/venue-link';
import { tempDataDir } from '../../support/cashier-harness';
import { eventually } from '../../support/cashier-live-table';
import { movementRequestSchema } from '../../../preload/contract/cashier';
import { openShiftArgs } from '../../support/shift-args';
import { booksFor } from '../../../main/core/storage/books';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function openLink(venue: RunningDemoVenue, dataDir: string): Promise<VenueLink> {
  const connection = await VenueConnection.open({
    baseUrl: venue.baseUrl,
    wsUrl: venue.wsUrl,
    key: venue.key,
    demo: false,
    dataDir,
    openLive: keeperLiveFeed({
      backoff: { baseMs: 20, capMs: 100, stableMs: 5_000 },
      heartbeat: { pingIntervalMs: 50, pongTimeoutMs: 5_000 },
    }),
    onChange: () => undefined,
  });
  const link = await openVenueLink({
    connection,
    books: await booksFor(dataDir),
    cashierConfig: { retry: { baseMs: 5, maxMs: 60 } },
    onChange: () => undefined,
  });
  await link.cashier.whenReady();
  return link;
}

const closeLink = async (link: VenueLink): Promise<void> => {
  await link.connection.close();
  await link.close();
};

const view = (link: VenueLink, key: string): MovementView | undefined =>
  link.cashier.snapshot().movements.find((movement) => movement.key === key);

/** A buy-in the host never answers (504, then outcome_unknown), judged "not applied" before the restart. */
async function inDoubtThenRestart(prepareRestart: (venue: RunningDemoVenue) => void) {
  const venue = await startDemoVenue({
    seed: 23,
    paceMs: 1,
    hostAnswerMs: 3,
    hostTimeoutMs: 40,
    rateLimits: { requestsPerMinute: 1_000_000, writesPerMinute: 1_000_000 },
  });
  cleanups.push(() => venue.close());
  const dir = tempDataDir('restart-coverage-');
  cleanups.push(dir.remove);
  let link = await openLink(venue, dir.dir);
  cleanups.push(() => closeLink(link));
  await link.cashier.openShift(...openShiftArgs(0, 'Test cashier'));
  // Hands played on this connection give the stream a position before the intent.
  await venue.inspect.waitForHands(1);
  await venue.faults.holdBetweenHands();
  const seat = venue.inspect.trueTable().seats.find((candidate) => candidate.name !== null && candidate.stack !== null);
  if (seat === undefined || seat.name === null) throw new Error('no seated player');
  // Every event of the finished hand delivered before the intent: a later one would be seen only by this process.
  await eventually(() => link.connection.live.coverage?.seq === venue.inspect.trueTable().seq);
  venue.faults.timeoutNextMovements(1, 'never');
  const made = await link.cashier.request(
    movementRequestSchema.parse({
      kind: 'buy_in',
      seatId: seat.seat_id,
      playerName: seat.name,
      playerId: null,
      amount: 25,
      closeSession: false,
    }),
  );
  if (made.kind !== 'accepted') throw new Error(`not accepted: ${JSON.stringify(made)}`);
  const key = made.movement.key;
  await eventually(() => view(link, key)?.evidence?.verdict === 'not-applied', 30_000);
  await closeLink(link);
  prepareRestart(venue);
  link = await openLink(venue, dir.dir);
  return { link: () => link, key };
}

describe('a movement in doubt across a restart', () => {
  it('after a complete replay from the saved place, the stack as it left is "not applied": send again', async () => {
    const { link, key } = await inDoubtThenRestart(() => undefined);
    await eventually(() => view(link(), key)?.evidence?.verdict === 'not-applied', 30_000).catch(() => undefined);
    const evidence = view(link(), key)?.evidence;
    expect({ verdict: evidence?.verdict, summary: evidence?.summary }).toMatchObject({ verdict: 'not-applied' });
    const again = await link().cashier.resolveInDoubt(key, 'send-again');
    expect(again.ok).toBe(true);
  });

  it('after a replay the venue cannot prove complete, it stays "cannot tell" and says why', async () => {
    const { link, key } = await inDoubtThenRestart((venue) => venue.faults.evictReplayBuffer());
    await eventually(
      () => (view(link(), key)?.evidence?.summary ?? '').includes('could not prove it complete'),
      30_000,
    );
    expect(view(link(), key)?.evidence?.verdict).toBe('inconclusive');
    const again = await link().cashier.resolveInDoubt(key, 'send-again');
    expect(again.ok).toBe(false);
  });
});
