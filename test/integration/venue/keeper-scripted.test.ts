// The real keeper against a scripted socket server, for what the demo venue never does: hand numbers that go
// backwards while seq keeps rising (a new run that passed our seq unannounced), and an event repeated in a replay.
import { afterEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { fixtureSeats, handEvents, stateFrame, type EventFrameJson, replayFrame } from '../../support/venue-fixtures';
import { scriptedSocketServer } from '../../support/scripted-socket-server';
import { recordedKeeper, waitFor } from '../../support/venue-live-harness';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A server that hands every connection (with its since_seq) to `script`, and records the since_seq sent. */
async function scriptedVenue(
  script: (socket: WebSocket, sinceSeq: number | null, connection: number) => void,
): Promise<{ wsUrl: string; sinceSeqs: (number | null)[] }> {
  const sinceSeqs: (number | null)[] = [];
  const server = await scriptedSocketServer((socket, request) => {
    const raw = new URL(request.url ?? '/', 'http://127.0.0.1').searchParams.get('since_seq');
    const sinceSeq = raw === null ? null : Number(raw);
    sinceSeqs.push(sinceSeq);
    script(socket, sinceSeq, sinceSeqs.length);
  });
  cleanups.push(server.close);
  return { wsUrl: server.wsUrl, sinceSeqs };
}

const send = (socket: WebSocket, frames: readonly unknown[]): void => {
  for (const frame of frames) socket.send(JSON.stringify(frame));
};

describe('LiveKeeper against a scripted venue', () => {
  it(
    'hand_number going backwards with a rising seq: a gap, a new epoch, a reconnect ' + 'from just before that event',
    async () => {
      const seats = fixtureSeats();
      const oldRun = handEvents(seats, 2, 1, 40);
      const newRun = handEvents(fixtureSeats(), 1, oldRun.length + 1, 1);
      const venue = await scriptedVenue((socket, _since, connection) => {
        send(socket, [stateFrame(fixtureSeats(), 39)]);
        if (connection === 1) send(socket, [...oldRun, ...newRun]);
        else send(socket, [replayFrame({ since_seq: _since })]);
      });
      const recorded = recordedKeeper(venue.wsUrl, 'key');
      cleanups.push(() => recorded.keeper.stop());
      await recorded.keeper.start();
      await waitFor(() => venue.sinceSeqs.length >= 2, 'the reconnect');
      const gap = recorded.updates.find((update) => update.type === 'gap');
      const first = newRun[0] as EventFrameJson;
      expect(gap).toMatchObject({
        type: 'gap',
        gap: { reason: 'hand-regression', resumedAtSeq: first.seq, runEpoch: 1 },
      });
      expect(venue.sinceSeqs).toEqual([null, first.seq - 1]);
      const applied = recorded.updates.flatMap((update) => (update.type === 'event' ? [update.event.seq] : []));
      expect(applied).toEqual(oldRun.map((event) => event.seq));
    },
  );

  it('an event repeated inside a replay is dropped as a duplicate, not taken for a regression', async () => {
    const seats = fixtureSeats();
    const events = handEvents(seats, 2);
    const cut = 10;
    const venue = await scriptedVenue((socket, since, connection) => {
      send(socket, [stateFrame(fixtureSeats(), null)]);
      if (connection === 1) {
        send(socket, events.slice(0, cut));
        socket.terminate();
        return;
      }
      // Off the spec by one: the replay starts AT since_seq instead of after it.
      const replayed = events.filter((event) => event.seq >= (since ?? 0));
      const envelope = replayFrame({
        since_seq: since,
        count: replayed.length,
        oldest_seq: 1,
        newest_seq: events.length,
      });
      send(socket, [envelope, ...replayed]);
    });
    const recorded = recordedKeeper(venue.wsUrl, 'key');
    cleanups.push(() => recorded.keeper.stop());
    await recorded.keeper.start();
    await waitFor(() => recorded.live.cursor.seq === events.length, 'the replay to finish');
    expect(recorded.updates.filter((update) => update.type === 'gap')).toEqual([]);
    expect(venue.sinceSeqs).toEqual([null, cut]);
    expect(recorded.live.status.phase).toBe('open');
  });

  it(
    "a replay that claims complete but skips hands (an old run's cursor taken " + "for the new run's) is a gap",
    async () => {
      const oldRun = handEvents(fixtureSeats(), 2, 1, 1);
      const cursor = oldRun.length;
      // The new engine run numbered hands 3 and 4 with seqs 1..cursor, and its hands 5 and 6 follow our cursor.
      const newRunTail = handEvents(fixtureSeats(), 2, cursor + 1, 5);
      const venue = await scriptedVenue((socket, since, connection) => {
        if (connection === 1) {
          send(socket, [stateFrame(fixtureSeats(), null), ...oldRun]);
          socket.close(1012, 'engine_restart');
          return;
        }
        const envelope = replayFrame({
          since_seq: since,
          count: newRunTail.length,
          oldest_seq: 1,
          newest_seq: cursor + newRunTail.length,
          window: 1000,
        });
        send(socket, [stateFrame(fixtureSeats(), 6), envelope, ...newRunTail]);
      });
      const recorded = recordedKeeper(venue.wsUrl, 'key');
      cleanups.push(() => recorded.keeper.stop());
      await recorded.keeper.start();
      await waitFor(() => recorded.live.cursor.seq === cursor + newRunTail.length, 'the replay');
      expect(venue.sinceSeqs).toEqual([null, cursor]);
      const gaps = recorded.updates.flatMap((update) => (update.type === 'gap' ? [update.gap] : []));
      expect(gaps).toEqual([{ afterSeq: cursor, resumedAtSeq: cursor + 1, runEpoch: 0, reason: 'hands-skipped' }]);
    },
  );

  it('a replay envelope that overstates its count does not hide a seq regression that follows it', async () => {
    const events = handEvents(fixtureSeats(), 1);
    const cut = 10;
    const venue = await scriptedVenue((socket, since, connection) => {
      send(socket, [stateFrame(fixtureSeats(), 1)]);
      if (connection === 1) {
        send(socket, events.slice(0, cut));
        socket.terminate();
        return;
      }
      if (connection > 2) return;
      // Says 50 events follow but sends 2; then the engine restarts under the socket and seq begins again at 1.
      const envelope = replayFrame({ since_seq: since, count: 50, oldest_seq: 1, newest_seq: cut + 2 });
      send(socket, [envelope, ...events.slice(cut, cut + 2), ...handEvents(fixtureSeats(), 1, 1, 2).slice(0, 3)]);
    });
    const recorded = recordedKeeper(venue.wsUrl, 'key');
    cleanups.push(() => recorded.keeper.stop());
    await recorded.keeper.start();
    await waitFor(() => recorded.updates.some((update) => update.type === 'gap'), 'the regression to be reported');
    expect(recorded.updates.find((update) => update.type === 'gap')).toMatchObject({
      gap: { reason: 'seq-regression', afterSeq: cut + 2, resumedAtSeq: 1 },
    });
  });

  it(
    'a close inside a reset replay: the next connection resumes in the new ' + 'run, one gap, nothing applied twice',
    async () => {
      const oldRun = handEvents(fixtureSeats(), 2);
      const newRun = handEvents(fixtureSeats(), 1, 1, 3);
      const venue = await scriptedVenue((socket, since, connection) => {
        send(socket, [stateFrame(fixtureSeats(), connection === 1 ? null : 3)]);
        if (connection === 1) {
          send(socket, oldRun);
          socket.terminate();
        } else if (connection === 2) {
          send(socket, [
            replayFrame({ since_seq: since, count: 5, complete: false, reset: true, oldest_seq: 1, newest_seq: 5 }),
            ...newRun.slice(0, 2),
          ]);
          socket.terminate();
        } else {
          send(socket, [replayFrame({ since_seq: since, count: 3, oldest_seq: 1, newest_seq: 5 }), ...newRun.slice(2)]);
        }
      });
      const recorded = recordedKeeper(venue.wsUrl, 'key');
      cleanups.push(() => recorded.keeper.stop());
      await recorded.keeper.start();
      await waitFor(
        () => recorded.live.cursor.seq === newRun.length && venue.sinceSeqs.length === 3,
        'the new run to be followed',
      );
      expect(venue.sinceSeqs).toEqual([null, oldRun.length, 2]);
      const gaps = recorded.updates.flatMap((update) => (update.type === 'gap' ? [update.gap.reason] : []));
      expect(gaps).toEqual(['engine-reset']);
      const applied = recorded.updates.flatMap((update) =>
        update.type === 'event' && !update.catchUp ? [`${update.event.seq}`] : [],
      );
      expect(applied).toEqual([
        ...oldRun.map((event) => String(event.seq)),
        ...newRun.slice(5).map((event) => String(event.seq)),
      ]);
      expect(recorded.live.status.phase).toBe('open');
    },
  );
});
