// The real keeper's reconnect attempts on a manual clock, against a scripted socket server: a connection that opens
// and closes before its state frame, or has its frame and lasts just under the stable time, never resets the
// attempts; one that lasts the stable time does.
import { afterEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { DEFAULT_BACKOFF } from '../../../main/core/venue/index';
import { fixtureSeats, handEvents, stateFrame } from '../../support/venue-fixtures';
import type { ManualTimers } from '../../support/venue-manual-timers';
import { scriptedSocketServer } from '../../support/scripted-socket-server';
import {
  QUIET_HEARTBEAT,
  startManualClockKeeper,
  waitFor,
  type ManualClockKeeper,
} from '../../support/venue-live-harness';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/**
 * `greet(connection, socket)`: true sends the state frame (then `after`, if given, runs), false closes the socket at
 * once (before any frame).
 */
async function setup(
  greet: (connection: number) => boolean,
  after?: (socket: WebSocket) => void,
): Promise<ManualClockKeeper & { sockets: WebSocket[] }> {
  const sockets: WebSocket[] = [];
  const server = await scriptedSocketServer((socket) => {
    sockets.push(socket);
    if (!greet(sockets.length)) {
      socket.close(1011, 'not now');
      return;
    }
    socket.send(JSON.stringify(stateFrame(fixtureSeats(), null)));
    after?.(socket);
  });
  cleanups.push(server.close);
  const kept = await startManualClockKeeper({ wsUrl: server.wsUrl, key: 'key', seed: 7 }, cleanups, {
    heartbeat: QUIET_HEARTBEAT,
  });
  return { ...kept, sockets };
}

/** Moves the manual clock forward by `ms` (the keeper's clock: it dates when a connection became healthy). */
function pass(timers: ManualTimers, ms: number): void {
  timers.setTimeout(() => undefined, ms);
  timers.fireNext();
}

describe('LiveKeeper reconnect attempts', () => {
  it('connections that open and close before their state frame keep growing the attempts', async () => {
    const { timers, waits } = await setup(() => false);
    for (let round = 1; round <= 6; round += 1) {
      await waitFor(() => waits.length === round, `refusal ${round}`);
      timers.fireNext();
    }
    expect(waits.map((wait) => wait.attempt)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it(
    'a connection healthy for just under the stable time does not reset them; ' +
      'one healthy for the stable time does',
    async () => {
      const { live, timers, waits, sockets } = await setup((connection) => connection >= 4);
      for (let round = 1; round <= 3; round += 1) {
        await waitFor(() => waits.length === round, `refusal ${round}`);
        timers.fireNext();
      }
      await waitFor(() => live.table.connected, "the 4th connection's state frame");
      pass(timers, DEFAULT_BACKOFF.stableMs - 1);
      sockets[3]?.close(1001, 'going away');
      await waitFor(() => waits.length === 4, 'the close after 59.999 s');
      expect(waits.at(-1)?.attempt).toBe(3);
      timers.fireNext();
      await waitFor(() => live.table.connected && sockets.length === 5, "the 5th connection's state frame");
      pass(timers, DEFAULT_BACKOFF.stableMs);
      sockets[4]?.close(1001, 'going away');
      await waitFor(() => waits.length === 5, 'the close after 60 s');
      expect(waits.at(-1)?.attempt).toBe(0);
    },
  );

  it('a venue whose seq goes back on every connection is met with growing waits, not a reconnect storm', async () => {
    const events = handEvents(fixtureSeats(), 1);
    const { timers, waits } = await setup(
      () => true,
      (socket) => {
        for (const event of [...events.slice(0, 3), events[0]]) socket.send(JSON.stringify(event));
      },
    );
    for (let round = 1; round <= 6; round += 1) {
      await waitFor(() => waits.length === round, `regression ${round}`);
      timers.fireNext();
    }
    expect(waits.map((wait) => wait.attempt)).toEqual([0, 1, 2, 3, 4, 5]);
  });
});
