/**
 * The keeper's coverage in stream positions across a restart of the app: a keeper saves its place (seq and the run
 * of the venue's counter), a second keeper on the same folder resumes with since_seq, and only a complete, non-reset
 * replay lets the unbroken stretch reach back to the saved seq. An incomplete or reset replay, or an event that could
 * not be read (a heal), leaves nothing before it covered.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { LivePersistence } from '../../../main/core/venue/index';
import { scriptedSocketServer } from '../../support/scripted-socket-server';
import { fixtureSeats, handEvents, stateFrame, replayFrame } from '../../support/venue-fixtures';
import { recordedKeeper, waitFor } from '../../support/venue-live-harness';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Two hands of events, seq 1..n: the first connection sends them all, live. */
const EVENTS = handEvents(fixtureSeats(), 2, 1, 1);
const LAST = EVENTS.length;

type Resume = 'complete' | 'incomplete' | 'reset' | 'unreadable-event';

/** A venue whose first connection streams EVENTS live and whose later ones answer since_seq as `resume` says. */
async function venue(resume: Resume): Promise<{ wsUrl: string; sinceSeqs: (number | null)[] }> {
  const sinceSeqs: (number | null)[] = [];
  const server = await scriptedSocketServer((socket: WebSocket, request) => {
    const raw = new URL(request.url ?? '/', 'http://127.0.0.1').searchParams.get('since_seq');
    sinceSeqs.push(raw === null ? null : Number(raw));
    const frames: unknown[] = [stateFrame(fixtureSeats(), 2)];
    if (sinceSeqs.length === 1) frames.push(...EVENTS);
    else {
      frames.push(
        replayFrame({
          since_seq: raw === null ? null : Number(raw),
          complete: resume !== 'incomplete',
          reset: resume === 'reset',
          newest_seq: resume === 'complete' || resume === 'unreadable-event' ? LAST : LAST + 40,
        }),
      );
      if (resume === 'unreadable-event') frames.push({ type: 'event', seq: 'not a number', kind: 'end_hand' });
    }
    for (const frame of frames) socket.send(JSON.stringify(frame));
  });
  cleanups.push(server.close);
  return { wsUrl: server.wsUrl, sinceSeqs };
}

/** Runs a first keeper until it has every event, stops it (its place saved), then starts a second on the folder. */
async function restartAgainst(resume: Resume) {
  const dir = await mkdtemp(join(tmpdir(), 'keeper-coverage-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const scripted = await venue(resume);
  const first = recordedKeeper(scripted.wsUrl, 'key', { persistence: new LivePersistence(dir) });
  await first.keeper.start();
  await waitFor(() => first.live.coverage.seq === LAST, 'every event on the first connection');
  const before = first.live.coverage;
  await first.keeper.stop();
  const second = recordedKeeper(scripted.wsUrl, 'key', { persistence: new LivePersistence(dir) });
  cleanups.push(() => second.keeper.stop());
  await second.keeper.start();
  await waitFor(() => second.updates.some((update) => update.type === 'resume'), 'the replay verdict');
  return { before, second, sinceSeqs: scripted.sinceSeqs };
}

describe('LiveKeeper coverage in positions across a restart', () => {
  it('a connection without a replay is unbroken from just before its first event, in a run of its own', async () => {
    const { before } = await restartAgainst('complete');
    expect(before.unbrokenAfter).toBe(0);
    expect(before.stretchStart).toBe('connected');
    expect(before.run.length).toBeGreaterThan(0);
  });

  it('a complete replay from the saved seq continues the stretch there, in the same run', async () => {
    const { before, second, sinceSeqs } = await restartAgainst('complete');
    expect(sinceSeqs).toEqual([null, LAST]);
    expect(second.live.coverage).toMatchObject({
      run: before.run,
      seq: LAST,
      unbrokenAfter: LAST,
      stretchStart: 'continued',
    });
    expect(second.live.coverage.unbrokenSince).not.toBeNull();
  });

  it('an incomplete replay starts the stretch at the newest replayed seq: nothing before it is covered', async () => {
    const { before, second } = await restartAgainst('incomplete');
    expect(second.live.coverage).toMatchObject({
      run: before.run,
      unbrokenAfter: LAST + 40,
      stretchStart: 'incomplete-replay',
    });
  });

  it("a reset replay is a new run of the venue's counter", async () => {
    const { before, second } = await restartAgainst('reset');
    expect(second.live.coverage.run).not.toBe(before.run);
    expect(second.live.coverage.stretchStart).toBe('engine-reset');
  });

  it('an event that could not be read after the replay ends the stretch (the table must be healed)', async () => {
    const { second } = await restartAgainst('unreadable-event');
    await waitFor(() => second.updates.some((update) => update.type === 'protocol-error'), 'the unreadable event');
    expect(second.live.coverage.unbrokenAfter).toBeNull();
  });
});

describe('LiveKeeper run under an open socket', () => {
  it('a seq going backwards names a new run at once: no old-run position is covered by the new one', async () => {
    let connections = 0;
    const server = await scriptedSocketServer((socket: WebSocket) => {
      connections += 1;
      const frames: unknown[] = [stateFrame(fixtureSeats(), 2)];
      // The first connection: every event, then the counter starts again under the open socket.
      if (connections === 1) frames.push(...EVENTS, { ...EVENTS[0], seq: 1 });
      else frames.push(replayFrame({ since_seq: LAST }));
      for (const frame of frames) socket.send(JSON.stringify(frame));
    });
    cleanups.push(server.close);
    const recorded = recordedKeeper(server.wsUrl, 'key');
    cleanups.push(() => recorded.keeper.stop());
    const runs = new Set<string>();
    recorded.keeper.subscribe(() => runs.add(recorded.live.coverage.run));
    await recorded.keeper.start();
    await waitFor(
      () => recorded.updates.some((update) => update.type === 'resume' && update.verdict === 'complete'),
      'the reconnect',
    );
    expect(runs.size).toBe(2);
  });
});
