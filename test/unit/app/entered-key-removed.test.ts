/**
 * The entered key travels with its reopen (the store is not read back), yet a "remove key" pressed while that reopen
 * waits its turn wins: from the press on, no request and no live socket carries the removed key.
 */
import { expect, it, vi } from 'vitest';
import { createSession } from '../../../main/core/session';
import { MemoryKeyStore } from '../../../main/core/session/key-store';
import { MemorySettingsStore } from '../../../main/core/session/settings-store';
import type { LiveFeedOptions } from '../../../main/core/session/live-feed';
import { defaultSettings } from '../../../preload/contract';
import { tempDataDir } from '../../support/cashier-harness';
import { cleanupsAfterEach } from '../../support/cleanups-after-each';
import { startLoopbackVenueServer } from '../../support/loopback-venue-server';
import { FakeLiveFeed } from '../../support/web-fake-feed';

const STORED = 'vk_live_stored_0123456789abcdef';
const ENTERED = 'vk_live_entered_0123456789abcdef';

/** A venue that holds GET /key for the stored key until released, logging the key of every request in order. */
async function startVenue() {
  const state = { sent: [] as string[], release: (): void => undefined };
  const held = new Promise<void>((resolve) => {
    state.release = resolve;
  });
  const server = await startLoopbackVenueServer((request, response) => {
    const path = (request.url ?? '/').replace(/^\/v1/, '');
    const key = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    state.sent.push(key);
    const json = (status: number, body: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (path === '/key') {
      const answer = () => json(200, { venue: 'venue_x', kid: key === STORED ? 'kid_0' : 'kid_1', live: true });
      if (key === STORED) return void held.then(answer);
      return answer();
    }
    if (path === '/venue') return json(200, { venue_id: 'venue_x', name: 'X', live: true });
    return json(404, { error: 'not_found' });
  });
  return Object.assign(state, server);
}

const cleanups = cleanupsAfterEach();

it('a key removed while its set-key reopen waits its turn is never sent from the press on', async () => {
  const venue = await startVenue();
  cleanups.push(() => venue.close());
  const data = tempDataDir('venue-entered-removed-');
  cleanups.push(data.remove);
  const sockets: string[] = [];
  const keyStore = new MemoryKeyStore(STORED);
  const session = await createSession({
    dataDir: data.dir,
    settingsStore: new MemorySettingsStore({ ...defaultSettings, venueBaseUrl: venue.baseUrl }),
    keyStore,
    openLive: async (options: LiveFeedOptions) => {
      sockets.push(options.key);
      return new FakeLiveFeed();
    },
    log: () => undefined,
  });
  cleanups.push(() => session.close());
  // The first opening waits on GET /key for the stored key: the entered key's reopen queues behind it.
  await vi.waitFor(() => expect(venue.sent).toContain(STORED));
  const setKey = session.invoke('settings:set-key', [ENTERED]);
  await vi.waitFor(async () => expect(await keyStore.get()).toBe(ENTERED));
  await new Promise((resolve) => setImmediate(resolve));
  const pressed = { requests: venue.sent.length, sockets: sockets.length };
  const removeKey = session.invoke('settings:remove-key', []);
  venue.release();
  expect(await removeKey).toEqual({ ok: true, value: null });
  expect(await setKey).toMatchObject({ ok: true, value: { venue: 'venue_x' } });
  await session.invoke('session:get-snapshot', []);
  expect(venue.sent.slice(pressed.requests)).not.toContain(ENTERED);
  expect(sockets.slice(pressed.sockets)).not.toContain(ENTERED);
  expect(await keyStore.get()).toBeNull();
  expect(session.snapshot().key).toMatchObject({ hasKey: false });
});
