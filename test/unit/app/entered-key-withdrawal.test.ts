/**
 * A 401 after the connection opened withdraws access even though the connection never asked GET /key itself (it took
 * the entered key's answer): the access change comes down the connection's stream, the badge says so and the cashier
 * sends nothing more.
 */
import { expect, it, vi } from 'vitest';
import { createSession, type Session } from '../../../main/core/session';
import { MemoryKeyStore } from '../../../main/core/session/key-store';
import { MemorySettingsStore } from '../../../main/core/session/settings-store';
import { defaultSettings } from '../../../preload/contract';
import { tempDataDir } from '../../support/cashier-harness';
import { cleanupsAfterEach } from '../../support/cleanups-after-each';
import { startLoopbackVenueServer } from '../../support/loopback-venue-server';
import { FakeLiveFeed, fakeFeedFactory, tableFrame } from '../../support/web-fake-feed';

const KEY = 'vk_live_entered_0123456789abcdef';

interface Venue {
  readonly baseUrl: string;
  revoked: boolean;
  /** Revoke the key right after the next GET /key answers. */
  revokeAfterCheck: boolean;
  posts: number;
  close(): Promise<void>;
}

async function startVenue(): Promise<Venue> {
  const state = { revoked: false, revokeAfterCheck: false, posts: 0 };
  const server = await startLoopbackVenueServer((request, response) => {
    const path = (request.url ?? '/').replace(/^\/v1/, '');
    const json = (status: number, body: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (request.method === 'POST') state.posts += 1;
    if (state.revoked) return json(401, { error: 'unauthorized', message: 'key revoked' });
    if (path === '/key') {
      if (state.revokeAfterCheck) state.revoked = true;
      return json(200, { venue: 'venue_x', kid: 'kid_x', live: true });
    }
    if (path === '/venue') return json(200, { venue_id: 'venue_x', name: 'X', live: true });
    return json(404, { error: 'not_found' });
  });
  return Object.assign(state, server);
}

const cleanups = cleanupsAfterEach();

async function sessionWithEnteredKey(revokeAfterCheck: boolean): Promise<{ venue: Venue; session: Session }> {
  const venue = await startVenue();
  cleanups.push(() => venue.close());
  const data = tempDataDir('venue-entered-withdrawal-');
  cleanups.push(data.remove);
  const feed = new FakeLiveFeed();
  const session = await createSession({
    dataDir: data.dir,
    settingsStore: new MemorySettingsStore({ ...defaultSettings, venueBaseUrl: venue.baseUrl }),
    keyStore: new MemoryKeyStore(),
    openLive: fakeFeedFactory(feed),
    log: () => undefined,
  });
  cleanups.push(() => session.close());
  await session.started;
  venue.revokeAfterCheck = revokeAfterCheck;
  expect(await session.invoke('settings:set-key', [KEY])).toMatchObject({ ok: true, value: { venue: 'venue_x' } });
  feed.frame(tableFrame(0));
  return { venue, session };
}

const buyIn = { kind: 'buy_in', seatId: 1, playerName: 'Player 1', playerId: null, amount: 20 } as const;

it('a key revoked right after its check: the first answer withdraws access, nothing is sent', async () => {
  const { venue, session } = await sessionWithEnteredKey(true);
  await vi.waitFor(() => expect(session.snapshot().connection.kind).toBe('access-withdrawn'), { timeout: 5_000 });
  const outcome = await session.invoke('cashier:request', [buyIn]);
  expect(outcome.ok).toBe(false);
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(venue.posts).toBe(0);
  expect(session.snapshot().key).toMatchObject({ hasKey: true, kid: null, venue: null });
});

it('a key revoked after it worked: a 401 withdraws access and the cashier stops sending', async () => {
  const { venue, session } = await sessionWithEnteredKey(false);
  await vi.waitFor(() => expect(session.snapshot().venue.name).toBe('X'), { timeout: 5_000 });
  expect(session.snapshot().key).toMatchObject({ hasKey: true, kid: 'kid_x', venue: 'venue_x' });
  venue.revoked = true;
  expect(await session.invoke('settings:check-key', [])).toMatchObject({ ok: false });
  await vi.waitFor(() => expect(session.snapshot().connection.kind).toBe('access-withdrawn'), { timeout: 5_000 });
  const outcome = await session.invoke('cashier:request', [buyIn]);
  expect(outcome.ok).toBe(false);
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(venue.posts).toBe(0);
  // What GET /key said before stays on show.
  expect(session.snapshot().key).toMatchObject({ hasKey: true, kid: 'kid_x', venue: 'venue_x' });
});
