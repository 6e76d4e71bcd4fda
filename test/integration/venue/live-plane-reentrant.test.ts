/**
 * The venue connection's promise (venue-connection.ts): each publication is held first, then handed down once, so "a
 * subscriber and a later reader see the same, latest value". Attacked with a subscriber that acts on what it is told
 * at once: it closes the connection, or presses "Reconnect now" (connection.reconnectNow), the moment the standing
 * says the keeper is waiting out its backoff. The real live keeper, the real connection, a socket server that
 * closes every socket before its state frame; a manual clock so no wait fires by itself.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { keeperLiveFeed } from '../../../main/core/session/live-keeper-feed';
import { VenueConnection } from '../../../main/core/session/venue-connection';
import { DEFAULT_BACKOFF, type KeeperStatus, type LiveView } from '../../../main/core/venue/index';
import { scriptedSocketServer } from '../../support/scripted-socket-server';
import { ManualTimers, seededRandom } from '../../support/venue-manual-timers';
import { QUIET_HEARTBEAT, waitFor } from '../../support/venue-live-harness';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A connection whose venue closes every live socket before its state frame (it is never reached). */
async function refusedConnection(): Promise<VenueConnection> {
  const server = await scriptedSocketServer((socket) => socket.close(1011, 'not now'));
  cleanups.push(server.close);
  const dataDir = await mkdtemp(join(tmpdir(), 'live-plane-reentrant-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const timers = new ManualTimers();
  const connection = await VenueConnection.open({
    // Nothing listens on the REST address: GET /key is answered by `checked`, and no heal is asked for.
    baseUrl: 'http://127.0.0.1:9/v1',
    wsUrl: server.wsUrl,
    key: 'vk_live_reentrant_0123456789',
    checked: { venue: 'venue_reentrant', kid: 'kid_reentrant', live: true },
    demo: false,
    dataDir,
    openLive: keeperLiveFeed({
      clock: timers,
      timers,
      random: seededRandom(5),
      backoff: DEFAULT_BACKOFF,
      heartbeat: QUIET_HEARTBEAT,
    }),
    onChange: () => undefined,
  });
  cleanups.push(() => connection.close());
  return connection;
}

const phaseOf = (live: LiveView): KeeperStatus['phase'] => live.status.phase;

/** A second subscriber's record of each standing it was told, and whether the connection held it as it was told. */
function watchStandings(connection: VenueConnection): Array<{ phase: string; held: boolean }> {
  const seen: Array<{ phase: string; held: boolean }> = [];
  connection.subscribe((update) => {
    if (update.type === 'live' && update.live.update.type === 'status')
      seen.push({ phase: phaseOf(update.live), held: connection.live === update.live });
  });
  return seen;
}

// Both attacks held: a delivery cannot start another one. close() unsubscribes everyone before it stops the keeper
// (so its "stopped" reaches nobody), and the keeper publishes "reconnecting" before its retry timer exists (so a press
// inside that delivery is "already trying" and connects nothing). Either order reversed makes the keeper publish from
// inside the delivery, and the subscribers after the one that acted are handed the older value last.
it('a subscriber closing the connection on "reconnecting" leaves no later subscriber a stale standing', async () => {
  const connection = await refusedConnection();
  let closing: Promise<void> | null = null;
  connection.subscribe((update) => {
    if (closing === null && update.type === 'live' && phaseOf(update.live) === 'reconnecting')
      closing = connection.close();
  });
  const seen = watchStandings(connection);
  await connection.startLive();
  await waitFor(() => closing !== null, 'the first refusal');
  await closing;
  expect(seen).toEqual([
    { phase: 'connecting', held: true },
    { phase: 'open', held: true },
    { phase: 'reconnecting', held: true },
  ]);
  expect(phaseOf(connection.live)).toBe('reconnecting');
});

it('a subscriber that presses Reconnect now on hearing "reconnecting" starts nothing inside the delivery', async () => {
  const connection = await refusedConnection();
  const answers: string[] = [];
  connection.subscribe((update) => {
    if (answers.length === 0 && update.type === 'live' && phaseOf(update.live) === 'reconnecting')
      answers.push(connection.reconnectNow());
  });
  const seen = watchStandings(connection);
  await connection.startLive();
  await waitFor(() => answers.length > 0, 'the first refusal');
  expect(answers).toEqual(['already-trying']);
  expect(seen).toEqual([
    { phase: 'connecting', held: true },
    { phase: 'open', held: true },
    { phase: 'reconnecting', held: true },
  ]);
  // Pressed after the delivery, the press is taken: the standing follows in order, each held as it is told.
  expect(connection.reconnectNow()).toBe('trying');
  await waitFor(() => seen.length >= 6, 'the pressed attempt refused');
  expect(seen.slice(3)).toEqual([
    { phase: 'connecting', held: true },
    { phase: 'open', held: true },
    { phase: 'reconnecting', held: true },
  ]);
});
