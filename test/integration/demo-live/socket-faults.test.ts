// The socket faults other suites rely on: a dropped connection and a half-open (frozen) one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningDemoVenue } from '../../../main/demo/index';
import { openSocket, startTestVenue } from '../../support/demo-live-client';

let venue: RunningDemoVenue;
beforeAll(async () => {
  venue = await startTestVenue({ paceMs: 2, betweenHandsMs: 4 });
});
afterAll(() => venue.close());

describe('socket faults', () => {
  it('Faults 1: dropAllSockets closes every open socket abruptly (no close frame: 1006)', async () => {
    const sockets = await Promise.all([openSocket(venue), openSocket(venue)]);
    venue.faults.dropAllSockets();
    for (const socket of sockets) expect((await socket.closed).code).toBe(1006);
  });

  it('Faults 2: frozen sockets get neither frames nor pongs; thawed they get frames again', async () => {
    const socket = await openSocket(venue);
    await socket.waitFor((frame) => frame.type === 'event');
    venue.faults.freezeSockets(true);
    let pongs = 0;
    socket.socket.on('pong', () => (pongs += 1));
    const countAtFreeze = socket.frames.length;
    const seqAtFreeze = venue.inspect.trueTable().seq;
    socket.socket.ping();
    await venue.inspect.waitForHands(2);
    expect(venue.inspect.trueTable().seq).toBeGreaterThan(seqAtFreeze);
    expect(socket.frames.length).toBe(countAtFreeze);
    expect(pongs).toBe(0);
    venue.faults.freezeSockets(false);
    const pong = new Promise<void>((resolve) => socket.socket.once('pong', () => resolve()));
    socket.socket.ping();
    await pong;
    await socket.waitForCount(() => true, countAtFreeze + 1);
    expect(pongs).toBe(1);
    socket.close();
  });
});
