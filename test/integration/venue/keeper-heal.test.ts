// The real keeper's healing from GET /live/state, against a scripted socket and a scripted reading, for what the
// demo venue never does: a reading stamped in milliseconds while events are stamped in seconds, an event stamped in
// the reading's own second, an event that arrives while the reading is under way, a reading that is not live. And
// a table known to be behind (a regression, a partly read event) is never "connected" (caught up) meanwhile.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { keeperLiveFeed } from '../../../main/core/session/live-keeper-feed';
import { VenueClient, type LiveStateResponse, type TableState } from '../../../main/core/venue/index';
import { fixtureSeats, handEvents, stateFrame, type EventFrameJson } from '../../support/venue-fixtures';
import { scriptedSocketServer } from '../../support/scripted-socket-server';
import { recordedKeeper, waitFor, type RecordedKeeper } from '../../support/venue-live-harness';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Scripted {
  readonly wsUrl: string;
  /** The open sockets, one per connection, in order. */
  readonly sockets: WebSocket[];
}

/** A socket server that sends each connection a state frame from `frameFor(connection)`; the test sends the rest. */
async function scriptedVenue(frameFor: (connection: number) => Record<string, unknown>): Promise<Scripted> {
  const sockets: WebSocket[] = [];
  const server = await scriptedSocketServer((socket) => {
    sockets.push(socket);
    socket.send(JSON.stringify(frameFor(sockets.length)));
  });
  cleanups.push(server.close);
  return { wsUrl: server.wsUrl, sockets };
}

const TS = 1_700_000_000;
const SEAT = fixtureSeats()[2] as ReturnType<typeof fixtureSeats>[number];

/** A start_hand (seq 1) whose first seat has `seat_id: null`: read without it, then healed. */
function malformedStartHand(): EventFrameJson {
  const event = handEvents(fixtureSeats(), 1)[0] as EventFrameJson;
  const seats = event.payload.seats as Record<string, unknown>[];
  return {
    ...event,
    seq: 1,
    ts: TS + 1,
    payload: { ...event.payload, seats: [{ ...seats[0], seat_id: null }, ...seats.slice(1)] },
  };
}

/** A buy-in of 50 to seat 3 (200 -> 250), stamped `ts`. */
function buyIn(seq: number, ts: number): EventFrameJson {
  return {
    type: 'event',
    seq,
    ts,
    kind: 'transaction_applied',
    payload: {
      kind: 'buy_in',
      seat_id: SEAT.seat_id,
      player_id: SEAT.player_id,
      name: SEAT.name,
      amount: 50,
      delta: 50,
      stack_before: 200,
      stack_after: 250,
      hand_number: 1,
      source: 'transaction',
      session_id: 's1',
    },
  };
}

/** GET /live/state with every stack at 200 (before the buy-in), stamped `ts`. */
function reading(ts: number, live = true): LiveStateResponse {
  const frame = stateFrame(fixtureSeats(), 1, live) as { state: LiveStateResponse['state'] };
  return { live, ts, state: live ? frame.state : null };
}

/** A scripted GET /live/state: each call waits for the test to answer it. */
function scriptedReadings(): {
  source: { liveState(): Promise<LiveStateResponse>; pausedUntil: number | null };
  calls: number;
  answer(value: LiveStateResponse): void;
} {
  const pending: Array<(value: LiveStateResponse) => void> = [];
  const state = {
    calls: 0,
    source: {
      pausedUntil: null as number | null,
      liveState: () =>
        new Promise<LiveStateResponse>((resolve) => {
          state.calls += 1;
          pending.push(resolve);
        }),
    },
    answer(value: LiveStateResponse) {
      const next = pending.shift();
      if (next === undefined) throw new Error('no reading is under way');
      next(value);
    },
  };
  return state;
}

const stackOf = (table: TableState): number | null =>
  table.seats.find((seat) => seat.seat_id === SEAT.seat_id)?.stack ?? null;
const send = (socket: WebSocket | undefined, frame: unknown): void => socket?.send(JSON.stringify(frame));

async function healingKeeper(venue: Scripted, readings: ReturnType<typeof scriptedReadings>): Promise<RecordedKeeper> {
  const recorded = recordedKeeper(venue.wsUrl, 'key', { stateSource: readings.source });
  cleanups.push(() => recorded.keeper.stop());
  await recorded.keeper.start();
  await waitFor(() => recorded.live.table.connected, 'the first state frame');
  return recorded;
}

/** Sends the malformed start_hand and waits for its heal reading to be asked for. */
async function breakTable(
  venue: Scripted,
  recorded: RecordedKeeper,
  readings: ReturnType<typeof scriptedReadings>,
): Promise<void> {
  send(venue.sockets[0], malformedStartHand());
  await waitFor(() => readings.calls === 1, 'the heal reading to be asked for');
  expect(recorded.updates.some((update) => update.type === 'repaired')).toBe(true);
}

describe('LiveKeeper healing from GET /live/state', () => {
  it('a partly read event makes the table not caught up until the reading has healed it', async () => {
    const venue = await scriptedVenue(() => stateFrame(fixtureSeats(), null));
    const readings = scriptedReadings();
    const recorded = await healingKeeper(venue, readings);
    const connectedAtEvent: boolean[] = [];
    recorded.keeper.subscribe(({ update }) => {
      if (update.type === 'event') connectedAtEvent.push(recorded.live.table.connected);
    });
    await breakTable(venue, recorded, readings);
    expect(connectedAtEvent).toEqual([false]);
    expect(recorded.live.table.connected).toBe(false);
    readings.answer(reading(TS + 2));
    await waitFor(() => recorded.updates.some((update) => update.type === 'healed'), 'the heal');
    expect(recorded.live.table.connected).toBe(true);
  });

  it('after a heal the unbroken stretch starts just before the next event, never at the cursor', async () => {
    const venue = await scriptedVenue(() => stateFrame(fixtureSeats(), null));
    const readings = scriptedReadings();
    const recorded = await healingKeeper(venue, readings);
    await breakTable(venue, recorded, readings);
    // An event lost whole (a frame that cannot be read) has no seq: the cursor (1) says nothing about it.
    send(venue.sockets[0], { type: 'event', seq: 'two', kind: 'transaction_applied' });
    await waitFor(() => recorded.updates.some((update) => update.type === 'protocol-error'), 'the unreadable frame');
    readings.answer(reading(TS + 2));
    await waitFor(() => readings.calls === 2, 'the second heal reading');
    readings.answer(reading(TS + 3));
    await waitFor(() => recorded.live.table.connected, 'the heal');
    expect(recorded.live.coverage).toMatchObject({ unbrokenAfter: null, stretchStart: 'healed' });
    send(venue.sockets[0], buyIn(3, TS + 10));
    await waitFor(() => recorded.live.cursor.seq === 3, 'the buy-in');
    expect(recorded.live.coverage).toMatchObject({ unbrokenAfter: 2, stretchStart: 'healed' });
  });

  it('a reading stamped in milliseconds does not swallow later events stamped in seconds', async () => {
    const venue = await scriptedVenue(() => stateFrame(fixtureSeats(), null));
    const readings = scriptedReadings();
    const recorded = await healingKeeper(venue, readings);
    await breakTable(venue, recorded, readings);
    readings.answer(reading((TS + 2) * 1000));
    await waitFor(() => recorded.updates.some((update) => update.type === 'healed'), 'the heal');
    send(venue.sockets[0], buyIn(2, TS + 10));
    await waitFor(() => recorded.live.cursor.seq === 2, 'the buy-in');
    expect(stackOf(recorded.live.table)).toBe(250);
  });

  it(
    "an event stamped in the reading's own second is never guessed: the keeper " + 'resyncs through a reconnect',
    async () => {
      const venue = await scriptedVenue((connection) => {
        const seats = fixtureSeats();
        if (connection > 1) (seats[2] as (typeof seats)[number]).stack = 250;
        return stateFrame(seats, 1);
      });
      const readings = scriptedReadings();
      const recorded = await healingKeeper(venue, readings);
      await breakTable(venue, recorded, readings);
      readings.answer(reading(TS + 2));
      await waitFor(() => recorded.updates.some((update) => update.type === 'healed'), 'the heal');
      send(venue.sockets[0], buyIn(2, TS + 2));
      await waitFor(() => recorded.live.cursor.seq === 2, 'the buy-in');
      // Either applied or not vouched for: never a caught-up table that may lack the buy-in.
      const table = recorded.live.table;
      expect(table.connected && stackOf(table) !== 250).toBe(false);
      await waitFor(() => venue.sockets.length === 2 && recorded.live.table.connected, 'the resync');
      expect(stackOf(recorded.live.table)).toBe(250);
      expect(recorded.updates.some((update) => update.type === 'event' && update.event.seq === 2)).toBe(true);
    },
  );

  it('an event that arrives while the reading is under way and is stamped after it is kept on top of it', async () => {
    const venue = await scriptedVenue(() => stateFrame(fixtureSeats(), null));
    const readings = scriptedReadings();
    const recorded = await healingKeeper(venue, readings);
    await breakTable(venue, recorded, readings);
    send(venue.sockets[0], buyIn(2, TS + 3));
    await waitFor(() => recorded.live.cursor.seq === 2, 'the buy-in');
    readings.answer(reading(TS + 2));
    await waitFor(() => recorded.updates.some((update) => update.type === 'healed'), 'the heal');
    expect(stackOf(recorded.live.table)).toBe(250);
    expect(recorded.live.table.connected).toBe(true);
    expect(venue.sockets).toHaveLength(1);
  });

  it(
    'a reading that is not live (host offline, no state) does not heal: the ' +
      'keeper resyncs, the table is live again',
    async () => {
      const venue = await scriptedVenue(() => stateFrame(fixtureSeats(), 1));
      const readings = scriptedReadings();
      const recorded = await healingKeeper(venue, readings);
      await breakTable(venue, recorded, readings);
      readings.answer(reading(TS + 2, false));
      await waitFor(() => venue.sockets.length === 2 && recorded.live.table.connected, 'the resync');
      expect(recorded.live.table.live).toBe(true);
      expect(recorded.live.status.phase).toBe('open');
    },
  );

  it(
    'a reading older than the event that asked for it (stale, or a clock apart) ' + 'does not heal: the keeper resyncs',
    async () => {
      const venue = await scriptedVenue(() => stateFrame(fixtureSeats(), 1));
      const readings = scriptedReadings();
      const recorded = await healingKeeper(venue, readings);
      await breakTable(venue, recorded, readings);
      readings.answer(reading(TS));
      await waitFor(() => venue.sockets.length === 2 && recorded.live.table.connected, 'the resync');
      expect(recorded.updates.some((update) => update.type === 'healed')).toBe(false);
    },
  );

  it("a reading asked for on a connection that has since ended is held to the new connection's events", async () => {
    const venue = await scriptedVenue(() => stateFrame(fixtureSeats(), 1));
    const readings = scriptedReadings();
    const recorded = await healingKeeper(venue, readings);
    await breakTable(venue, recorded, readings);
    venue.sockets[0]?.terminate();
    await waitFor(() => venue.sockets.length === 2 && recorded.live.table.connected, 'the reconnect');
    send(venue.sockets[1], { ...malformedStartHand(), seq: 2, ts: TS + 10 });
    await waitFor(
      () => recorded.updates.filter((update) => update.type === 'repaired').length === 2,
      'the second bad event',
    );
    // The first reading, asked for on the first connection, predates the second connection's bad event.
    readings.answer(reading(TS + 2));
    await waitFor(() => venue.sockets.length === 3, 'the resync');
    expect(recorded.updates.some((update) => update.type === 'healed')).toBe(false);
  });

  it(
    "while the venue's 429 pauses the reads, a partly read event resyncs through " + 'a reconnect instead of waiting',
    async () => {
      const venue = await scriptedVenue(() => stateFrame(fixtureSeats(), 1));
      const readings = scriptedReadings();
      const recorded = await healingKeeper(venue, readings);
      readings.source.pausedUntil = Date.now() + 600_000;
      send(venue.sockets[0], malformedStartHand());
      await waitFor(() => venue.sockets.length === 2 && recorded.live.table.connected, 'the resync');
      expect(readings.calls).toBe(0);
    },
  );

  it('a seq regression makes the table not caught up before the gap is reported', async () => {
    const venue = await scriptedVenue(() => stateFrame(fixtureSeats(), null));
    const recorded = recordedKeeper(venue.wsUrl, 'key');
    cleanups.push(() => recorded.keeper.stop());
    const connectedAtGap: boolean[] = [];
    recorded.keeper.subscribe(({ update }) => {
      if (update.type === 'gap') connectedAtGap.push(recorded.live.table.connected);
    });
    await recorded.keeper.start();
    await waitFor(() => recorded.live.table.connected, 'the first state frame');
    const events = handEvents(fixtureSeats(), 1);
    for (const event of events.slice(0, 5)) send(venue.sockets[0], event);
    send(venue.sockets[0], { ...events[1], seq: 2 });
    await waitFor(() => connectedAtGap.length === 1, 'the regression');
    expect(connectedAtGap).toEqual([false]);
  });

  it("the session's feed tells its listeners at once when an unreadable event leaves the table behind", async () => {
    const venue = await scriptedVenue(() => stateFrame(fixtureSeats(), null));
    const readings = scriptedReadings();
    const dataDir = await mkdtemp(join(tmpdir(), 'keeper-heal-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    // The REST client only watches access here: the heal readings are scripted.
    const client = new VenueClient({
      baseUrl: 'http://venue.invalid/v1',
      key: 'key',
      fetchImpl: () => Promise.reject(new Error('offline')),
    });
    const feed = await keeperLiveFeed({ stateSource: readings.source, random: () => 0.05 })({
      wsUrl: venue.wsUrl,
      key: 'key',
      dataDir,
      client,
    });
    cleanups.push(() => feed.close());
    const seen: boolean[] = [];
    feed.subscribe(({ table }) => seen.push(table.connected));
    await feed.start();
    await waitFor(() => seen.at(-1) === true, 'the first state frame');
    seen.splice(0);
    send(venue.sockets[0], { type: 'event', seq: 1, ts: TS + 1, kind: 'player_action', payload: 'unreadable' });
    await waitFor(() => readings.calls === 1, 'the heal reading to be asked for');
    expect(seen).toContain(false);
    readings.answer(reading(TS + 2));
    await waitFor(() => seen.at(-1) === true, 'the heal to reach the listeners');
  });
});
