/**
 * Closing a venue connection is clean: a held connection's GET /key retries stop at once (no request after close, no
 * timer keeping the process), and nothing it subscribed to its live feed stays subscribed.
 */
import { expect, it, vi } from 'vitest';
import { VenueConnection, type VenueUpdate } from '../../../main/core/session/venue-connection';
import { placeVenue } from '../../../main/core/session/venue-folder';
import { tempDataDir } from '../../support/cashier-harness';
import { cleanupsAfterEach } from '../../support/cleanups-after-each';
import { startLoopbackVenueServer } from '../../support/loopback-venue-server';
import { CountingFeed } from '../../support/counting-feed';
import { fakeFeedFactory, tableFrame } from '../../support/web-fake-feed';

const KEY = 'vk_connection_close_0123456789';

const cleanups = cleanupsAfterEach();

it('a held connection closes at once: its GET /key retries stop and it lets go of its feed', async () => {
  const state = { keyGets: 0 };
  const server = await startLoopbackVenueServer((request, response) => {
    if ((request.url ?? '').endsWith('/key')) state.keyGets += 1;
    response.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"unavailable"}');
  });
  cleanups.push(server.close);
  const { baseUrl } = server;
  const data = tempDataDir('venue-connection-close-');
  cleanups.push(data.remove);
  await placeVenue(data.dir, baseUrl, false, async () => 'venue-remembered');

  const feed = new CountingFeed();
  const connection = await VenueConnection.open({
    baseUrl,
    wsUrl: baseUrl.replace(/^http/, 'ws'),
    key: KEY,
    demo: false,
    dataDir: data.dir,
    openLive: fakeFeedFactory(feed),
    onChange: () => undefined,
  });
  const updates: VenueUpdate[] = [];
  connection.subscribe((update) => updates.push(update));
  expect(connection.held()).toBe(true);
  await connection.startLive();
  expect(feed.subscribed).toBeGreaterThan(0);
  // The confirmation loop has asked at least once after the open's own GET /key.
  await vi.waitFor(() => expect(state.keyGets).toBeGreaterThanOrEqual(2), { timeout: 5_000 });

  const started = Date.now();
  await connection.close();
  expect(Date.now() - started).toBeLessThan(1_000);
  expect(feed.subscribed).toBe(0);
  const asked = state.keyGets;
  // What came before the close (the feed's start) is not the question: only what a frame after it delivers.
  updates.splice(0);
  feed.frame(tableFrame(5));
  // The loop's next retry (1 s, then 2 s) would have come by now.
  await new Promise((resolve) => setTimeout(resolve, 3_200));
  expect(state.keyGets).toBe(asked);
  expect(updates.filter((update) => update.type === 'live')).toEqual([]);
});
