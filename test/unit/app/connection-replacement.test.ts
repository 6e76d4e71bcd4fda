/**
 * A key change replaces the venue connection whole: the old connection lets go of its live feed (a message its socket
 * still delivers while closing reaches no one), the new one's table is the one on show, and the snapshot's key fields
 * follow the new key's GET /key answer.
 */
import { expect, it, vi } from 'vitest';
import { createSession } from '../../../main/core/session';
import { MemoryKeyStore } from '../../../main/core/session/key-store';
import type { LiveFeedFactory } from '../../../main/core/session/live-feed';
import { MemorySettingsStore } from '../../../main/core/session/settings-store';
import { defaultSettings } from '../../../preload/contract';
import { tempDataDir } from '../../support/cashier-harness';
import { cleanupsAfterEach } from '../../support/cleanups-after-each';
import { startLoopbackVenueServer } from '../../support/loopback-venue-server';
import { CountingFeed } from '../../support/counting-feed';
import { tableFrame } from '../../support/web-fake-feed';

const OLD_KEY = 'vk_live_first_0123456789abcdef';
const NEW_KEY = 'vk_live_second_0123456789abcdef';

const cleanups = cleanupsAfterEach();

it('a key change replaces the connection whole: the old feed reaches no one, the new one is on show', async () => {
  const server = await startLoopbackVenueServer((request, response) => {
    const key = (request.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
    const kid = key === NEW_KEY ? 'kid_new' : 'kid_old';
    const path = (request.url ?? '/').replace(/^\/v1/, '');
    const json = (body: unknown) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (path === '/key') return json({ venue: 'venue_x', kid, live: true });
    if (path === '/venue') return json({ venue_id: 'venue_x', name: 'X', live: true });
    response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not_found"}');
  });
  cleanups.push(server.close);
  const { baseUrl } = server;
  const data = tempDataDir('venue-connection-replacement-');
  cleanups.push(data.remove);
  const feeds: CountingFeed[] = [];
  const openLive: LiveFeedFactory = async () => {
    const feed = new CountingFeed();
    feeds.push(feed);
    return feed;
  };
  const session = await createSession({
    dataDir: data.dir,
    settingsStore: new MemorySettingsStore({ ...defaultSettings, venueBaseUrl: baseUrl }),
    keyStore: new MemoryKeyStore(OLD_KEY, false),
    openLive,
    log: () => undefined,
  });
  cleanups.push(() => session.close());
  await session.started;
  await vi.waitFor(() => expect(session.snapshot().key.kid).toBe('kid_old'), { timeout: 5_000 });
  const [first] = feeds;
  if (first === undefined) throw new Error('no first feed');
  first.frame(tableFrame(10));
  await vi.waitFor(() => expect(session.snapshot().table?.pot).toBe(10), { timeout: 5_000 });

  expect(await session.invoke('settings:set-key', [NEW_KEY])).toMatchObject({ ok: true, value: { kid: 'kid_new' } });
  expect(feeds).toHaveLength(2);
  const second = feeds[1];
  if (second === undefined) throw new Error('no second feed');
  expect(first.subscribed).toBe(0);
  expect(second.subscribed).toBeGreaterThan(0);
  await vi.waitFor(() => expect(session.snapshot().key).toMatchObject({ hasKey: true, kid: 'kid_new' }), {
    timeout: 5_000,
  });

  // The old socket's late frame is no one's; the new feed's first frame is on show.
  first.frame(tableFrame(666));
  second.frame(tableFrame(20));
  await vi.waitFor(() => expect(session.snapshot().table?.pot).toBe(20), { timeout: 5_000 });
  first.frame(tableFrame(667));
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(session.snapshot().table?.pot).toBe(20);
  expect(session.snapshot().key).toMatchObject({ hasKey: true, kid: 'kid_new', venue: 'venue_x' });
});
