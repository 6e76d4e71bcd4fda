/**
 * The live plane as one state that flows down: one transaction_applied from the venue's socket reaches the venue
 * connection's stream once (one publication, carrying the table, standing and coverage it left), and no consumer
 * (the cashier feed, the venue ledger, the facts, history) calls back down the chain to the keeper for any of them.
 * Over the demo venue's real socket, the real live keeper, connection and venue link.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { startDemoVenue } from '../../../main/demo/index';
import { keeperLiveFeed } from '../../../main/core/session/live-keeper-feed';
import { VenueConnection, type VenueUpdate } from '../../../main/core/session/venue-connection';
import { openVenueLink } from '../../../main/core/session/venue-link';
import { LiveKeeper } from '../../../main/core/venue/live-keeper';
import { booksFor } from '../../../main/core/storage/books';
import { tempDataDir } from '../../support/cashier-harness';
import { eventually } from '../../support/cashier-live-table';
import { cleanupsAfterEach } from '../../support/cleanups-after-each';

const cleanups = cleanupsAfterEach();
afterEach(() => {
  vi.restoreAllMocks();
});

it('one live event is published once and nothing pulls the table, standing or coverage back', async () => {
  // Nothing can pull the table, standing or coverage back down: the keeper has no getter to read them from.
  const getters = Object.entries(Object.getOwnPropertyDescriptors(LiveKeeper.prototype)).filter(
    ([, property]) => property.get !== undefined,
  );
  expect(getters.map(([name]) => name)).toEqual([]);
  const venue = await startDemoVenue({
    seed: 31,
    paceMs: 1,
    rateLimits: { requestsPerMinute: 1_000_000, writesPerMinute: 1_000_000 },
  });
  cleanups.push(() => venue.close());
  const data = tempDataDir('live-plane-flow-');
  cleanups.push(data.remove);
  const connection = await VenueConnection.open({
    baseUrl: venue.baseUrl,
    wsUrl: venue.wsUrl,
    key: venue.key,
    demo: false,
    dataDir: data.dir,
    // No heartbeat inside the test's window: a pong is a change of its own (coverage moves).
    openLive: keeperLiveFeed({ heartbeat: { pingIntervalMs: 600_000, pongTimeoutMs: 600_000 } }),
    onChange: () => undefined,
  });
  const link = await openVenueLink({ connection, books: await booksFor(data.dir), onChange: () => undefined });
  cleanups.push(async () => {
    await link.connection.close();
    await link.close();
  });
  await link.cashier.whenReady();
  await venue.inspect.waitForHands(1);
  await venue.faults.holdBetweenHands();
  // The stream has delivered everything the venue played: the window below holds one change only. A wait, not a
  // measure: on a loaded machine the catch-up of a fast-paced table can take a while (a failure says where it stood).
  await eventually(
    () => connection.live?.coverage?.seq === venue.inspect.trueTable().seq,
    60_000,
    () =>
      `delivered seq ${connection.live?.coverage?.seq}, venue seq ${venue.inspect.trueTable().seq}, ` +
      `socket ${JSON.stringify(connection.live?.status)}`,
  );
  const seat = venue.inspect.trueTable().seats.find((candidate) => candidate.player_id !== null);
  if (seat === undefined) throw new Error('no seated player');

  const deliveries: VenueUpdate[] = [];
  // Whether the connection already held what its subscriber is handed, at the moment it is told (a reader outside
  // the stream must never see an older value than a subscriber was given).
  const heldWhenTold: boolean[] = [];
  connection.subscribe((update) => {
    deliveries.push(update);
    if (update.type === 'live') heldWhenTold.push(connection.live === update.live);
  });
  venue.faults.otherWriterMovement(seat.seat_id, 'buy_in', 200);
  // Every subscriber is told synchronously: once the first delivery is seen, the event's whole walk is done.
  await eventually(() => deliveries.length > 0);

  expect(deliveries).toHaveLength(1);
  // The one publication is the event's, carrying the table it left: the other writer's chips on the seat.
  const [only] = deliveries;
  if (only?.type !== 'live') throw new Error(`expected the live publication, got ${only?.type}`);
  expect(only.live.update).toMatchObject({ type: 'event', event: { kind: 'transaction_applied' } });
  expect(only.live.table.seats.find((candidate) => candidate.seat_id === seat.seat_id)?.stack).toBe(
    venue.inspect.trueTable().seats.find((candidate) => candidate.seat_id === seat.seat_id)?.stack,
  );
  expect(heldWhenTold).toEqual([true]);
  // The catch-up wait above may take up to a minute on a loaded machine: the test's own limit is longer.
}, 120_000);
