// Conformance over real sockets: since_seq catch-up, the replay envelope's complete and reset flags, decision_ms
// after an engine restart, and a since_seq that is not an integer.
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningDemoVenue } from '../../../main/demo/index';
import { isEvent, openSocket, payloadOf, startTestVenue, until, type Frame } from '../../support/demo-live-client';

let venue: RunningDemoVenue | undefined;
afterEach(async () => {
  await venue?.close();
  venue = undefined;
});

/** Connects with since_seq and returns the frames up to the end of the catch-up (state, envelope, count events). */
async function catchUp(
  target: RunningDemoVenue,
  sinceSeq: number | string,
): Promise<{ envelope: Frame; replayed: Frame[]; frames: Frame[] }> {
  const socket = await openSocket(target, { since_seq: String(sinceSeq) });
  const envelope = await socket.waitFor((frame) => frame.type === 'replay');
  const frames = await socket.waitForCount(() => true, 2 + (envelope.count as number));
  socket.close();
  return { envelope, replayed: frames.slice(2), frames };
}

describe('replay', () => {
  it(
    'Replay 1: since_seq=N gives the state frame, the envelope, then every ' +
      'buffered event after N in order; complete true',
    async () => {
      venue = await startTestVenue({ paceMs: 2, betweenHandsMs: 4 });
      await venue.inspect.waitForHands(2);
      const cursor = venue.inspect.trueTable().seq - 5;
      await venue.faults.holdBetweenHands();
      const newest = venue.inspect.trueTable().seq;
      const { envelope, replayed, frames } = await catchUp(venue, cursor);
      expect(frames[0]?.type).toBe('state');
      expect(frames[1]).toBe(envelope);
      expect(envelope).toMatchObject({
        since_seq: cursor,
        complete: true,
        reset: false,
        newest_seq: newest,
        window: 1000,
        oldest_seq: 1,
      });
      expect(envelope.count).toBe(newest - cursor);
      expect(replayed.map((frame) => frame.seq)).toEqual(
        Array.from({ length: newest - cursor }, (_, index) => cursor + 1 + index),
      );
    },
  );

  it('Replay 2: a cursor at the newest seq is complete with nothing to replay', async () => {
    venue = await startTestVenue({ paceMs: 2, betweenHandsMs: 4 });
    await venue.inspect.waitForHands(1);
    await venue.faults.holdBetweenHands();
    const { envelope } = await catchUp(venue, venue.inspect.trueTable().seq);
    expect(envelope).toMatchObject({ count: 0, complete: true, reset: false });
  });

  it('Replay 3: after the buffer is evicted the catch-up reports complete false', async () => {
    venue = await startTestVenue({ paceMs: 2, betweenHandsMs: 4 });
    await venue.inspect.waitForHands(1);
    await venue.faults.holdBetweenHands();
    const cursor = venue.inspect.trueTable().seq - 3;
    venue.faults.evictReplayBuffer();
    const { envelope } = await catchUp(venue, cursor);
    expect(envelope).toMatchObject({ complete: false, reset: false, count: 0, oldest_seq: null, newest_seq: null });
  });

  it(
    'Replay 4: when events after the cursor fell out of the window the catch-up ' +
      'is complete false and starts at oldest_seq',
    async () => {
      venue = await startTestVenue({ paceMs: 2, betweenHandsMs: 4, replayWindow: 25 });
      await until(() => venue!.inspect.trueTable().seq > 60);
      await venue.faults.holdBetweenHands();
      const { envelope, replayed } = await catchUp(venue, 3);
      expect(envelope).toMatchObject({ complete: false, reset: false, window: 25, count: 25 });
      expect(envelope.oldest_seq as number).toBeGreaterThan(4);
      expect(replayed[0]?.seq).toBe(envelope.oldest_seq);
    },
  );

  it(
    'Replay 5: a cursor from before restartEngine gets reset true and the whole ' + 'window; seq starts again at 1',
    async () => {
      venue = await startTestVenue({ paceMs: 2, betweenHandsMs: 4 });
      await until(() => venue!.inspect.trueTable().seq > 80);
      const oldCursor = venue.inspect.trueTable().seq;
      const runBefore = venue.inspect.trueTable().engineRun;
      await venue.faults.holdBetweenHands();
      const open = await openSocket(venue);
      venue.faults.restartEngine();
      expect(await open.closed).toEqual({ code: 1012, reason: 'engine_restart' });
      expect(venue.inspect.trueTable()).toMatchObject({ seq: 0, engineRun: runBefore + 1 });
      venue.faults.resumeTable();
      await until(() => venue!.inspect.trueTable().seq >= 10);
      await venue.faults.holdBetweenHands();
      const { envelope, replayed } = await catchUp(venue, oldCursor);
      expect(envelope).toMatchObject({ reset: true, complete: false, oldest_seq: 1 });
      expect(envelope.count).toBe(venue.inspect.trueTable().seq);
      expect(replayed[0]?.seq).toBe(1);
    },
  );

  it('Replay 6: the first player_action after an engine restart has decision_ms null', async () => {
    venue = await startTestVenue({ paceMs: 2, betweenHandsMs: 4 });
    await venue.inspect.waitForHands(1);
    // Restarting between hands: the deal that follows is a commit, yet the first action still has no decision_ms.
    await venue.faults.holdBetweenHands();
    venue.faults.restartEngine();
    const socket = await openSocket(venue);
    venue.faults.resumeTable();
    await socket.waitForCount(isEvent('player_action'), 2);
    const after = socket.frames.filter(isEvent('player_action')).map(payloadOf);
    expect(after[0]?.decision_ms).toBeNull();
    expect(Number.isInteger(after[1]?.decision_ms)).toBe(true);
    socket.close();
  });

  it('Replay 7: a since_seq that is not a non-negative integer closes the socket with 1008 bad_since_seq', async () => {
    venue = await startTestVenue({ autoplay: false });
    for (const bad of ['abc', '-1', '1.5']) {
      const socket = await openSocket(venue, { since_seq: bad });
      const closed = await socket.closed;
      expect(closed).toEqual({ code: 1008, reason: 'bad_since_seq' });
      expect(socket.frames).toHaveLength(0);
    }
  });

  it('Replay 8: a socket without since_seq gets the state frame and then only live events', async () => {
    venue = await startTestVenue({ paceMs: 2, betweenHandsMs: 4 });
    await venue.inspect.waitForHands(1);
    const socket = await openSocket(venue);
    const frames = await socket.waitForCount(() => true, 5);
    expect(frames[0]?.type).toBe('state');
    expect(frames.slice(1).every((frame) => frame.type === 'event')).toBe(true);
    expect(frames[1]?.seq as number).toBeGreaterThan(1);
    socket.close();
  });
});
