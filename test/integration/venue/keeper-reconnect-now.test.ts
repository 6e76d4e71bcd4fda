// "Reconnect now" on the real keeper, on a manual clock, against a scripted socket server: while it waits out a grown
// backoff, one press connects at once and the waits start again from the first; a second press while that attempt
// is under way starts no second one; the wait it replaced never fires; an open socket is left alone.
import { afterEach, describe, expect, it } from 'vitest';
import { fixtureSeats, stateFrame } from '../../support/venue-fixtures';
import { scriptedSocketServer } from '../../support/scripted-socket-server';
import { QUIET_HEARTBEAT, startManualClockKeeper, waitFor } from '../../support/venue-live-harness';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A venue that closes every socket before its state frame until `up()`; then it greets. */
async function setup() {
  let answering = false;
  let connections = 0;
  const server = await scriptedSocketServer((socket) => {
    connections += 1;
    if (!answering) {
      socket.close(1011, 'not now');
      return;
    }
    socket.send(JSON.stringify(stateFrame(fixtureSeats(), null)));
  });
  cleanups.push(server.close);
  const kept = await startManualClockKeeper({ wsUrl: server.wsUrl, key: 'key', seed: 3 }, cleanups, {
    heartbeat: QUIET_HEARTBEAT,
  });
  return { ...kept, connections: () => connections, up: () => (answering = true) };
}

describe('LiveKeeper reconnect now', () => {
  it('tries at once, forgets the grown wait, and a double press makes one attempt', async () => {
    const { keeper, timers, waits, connections } = await setup();
    for (let round = 1; round <= 5; round += 1) {
      await waitFor(() => waits.length === round, `refusal ${round}`);
      if (round < 5) timers.fireNext();
    }
    expect(waits.at(-1)?.attempt).toBe(4);
    const before = connections();
    expect([keeper.reconnectNow(), keeper.reconnectNow()]).toEqual(['trying', 'already-trying']);
    await waitFor(() => waits.length === 6, 'the refusal of the attempt pressed for');
    expect(connections()).toBe(before + 1);
    // The waits start again from the first, and the wait the press replaced is gone: one timer is pending.
    expect(waits.at(-1)?.attempt).toBe(0);
    expect(timers.fireNext()).toBe(true);
    await waitFor(() => waits.length === 7, 'the next refusal');
    expect(connections()).toBe(before + 2);
  });

  it('connects on the press once the venue answers, and an open socket is left alone', async () => {
    const { keeper, live, waits, up } = await setup();
    await waitFor(() => waits.length === 1, 'the first refusal');
    up();
    expect(keeper.reconnectNow()).toBe('trying');
    await waitFor(() => live.table.connected, 'the state frame');
    expect(keeper.reconnectNow()).toBe('connected');
    await keeper.stop();
    expect(keeper.reconnectNow()).toBe('stopped');
  });
});
