/**
 * The venue connection (session/venue-connection.ts): opened with the key's one GET /key answer, it asks no more; a
 * folder taken from memory while GET /key fails is held (nothing sent) until GET /key confirms its venue, and the
 * confirmation comes down the connection's one stream with the live changes and access changes.
 */
import { describe, expect, it, vi } from 'vitest';
import { VenueConnection, type VenueUpdate } from '../../../main/core/session/venue-connection';
import { placeVenue } from '../../../main/core/session/venue-folder';
import { VenueClient } from '../../../main/core/venue/rest-client';
import { tempDataDir } from '../../support/cashier-harness';
import { cleanupsAfterEach } from '../../support/cleanups-after-each';
import { startLoopbackVenueServer } from '../../support/loopback-venue-server';
import { FakeLiveFeed, fakeFeedFactory } from '../../support/web-fake-feed';

const KEY = 'vk_connection_0123456789';
const VENUE = 'venue-7';

/** A venue answering GET /key (or 503 while `keyDown`) and GET /venue, counting what it was asked. */
async function startVenue(): Promise<{
  readonly baseUrl: string;
  keyDown: boolean;
  keyGets: number;
  posts: number;
  close(): Promise<void>;
}> {
  const state = { keyDown: false, keyGets: 0, posts: 0 };
  const server = await startLoopbackVenueServer((request, response) => {
    const path = (request.url ?? '/').replace(/^\/v1/, '');
    response.setHeader('content-type', 'application/json');
    if (request.method === 'POST') state.posts += 1;
    if (path === '/key') {
      state.keyGets += 1;
      if (state.keyDown) return void response.writeHead(503).end('{"error":"unavailable"}');
      return void response.end(JSON.stringify({ venue: VENUE, kid: 'k_7', live: true }));
    }
    if (path === '/venue') return void response.end(JSON.stringify({ venue_id: VENUE, name: 'Seven', live: true }));
    response.writeHead(404).end('{"error":"not_found"}');
  });
  return Object.assign(state, server);
}

const cleanups = cleanupsAfterEach();

interface OpenOptions {
  readonly checked?: boolean;
  readonly keyDown?: boolean;
  readonly remembered?: string;
  /** Open with the client that asked the entered key's GET /key (built against the venue's address). */
  readonly client?: (baseUrl: string) => VenueClient;
}

async function open(options: OpenOptions) {
  const venue = await startVenue();
  cleanups.push(() => venue.close());
  const data = tempDataDir('venue-connection-');
  cleanups.push(data.remove);
  if (options.remembered !== undefined) await placeVenue(data.dir, venue.baseUrl, false, async () => VENUE);
  venue.keyDown = options.keyDown ?? false;
  const feed = new FakeLiveFeed();
  const connection = await VenueConnection.open({
    baseUrl: venue.baseUrl,
    wsUrl: venue.baseUrl.replace(/^http/, 'ws'),
    key: KEY,
    ...(options.checked === true ? { checked: { venue: VENUE, kid: 'k_7', live: true } } : {}),
    ...(options.client === undefined ? {} : { client: options.client(venue.baseUrl) }),
    demo: false,
    dataDir: data.dir,
    openLive: fakeFeedFactory(feed),
    onChange: () => undefined,
  });
  cleanups.push(() => connection.close());
  const updates: VenueUpdate[] = [];
  connection.subscribe((update) => updates.push(update));
  return { venue, feed, connection, updates };
}

describe('the venue connection', () => {
  it('opened with the entered key’s answer, asks GET /key no more', async () => {
    const { venue, connection } = await open({ checked: true });
    await connection.startLive();
    expect(await connection.keyIdentity()).toEqual({ venue: VENUE, kid: 'k_7' });
    expect(connection.held()).toBe(false);
    expect(venue.keyGets).toBe(0);
  });

  it('given the client that asked the entered key’s GET /key, sends with that very client, asks no more', async () => {
    let handed: VenueClient | null = null;
    const { venue, connection } = await open({
      checked: true,
      client: (baseUrl) => (handed = new VenueClient({ baseUrl, key: KEY })),
    });
    await connection.startLive();
    expect(handed).not.toBeNull();
    expect(connection.client).toBe(handed);
    expect(await connection.keyIdentity()).toEqual({ venue: VENUE, kid: 'k_7' });
    expect(venue.keyGets).toBe(0);
  });

  it('opened with a stored key, asks GET /key once (the folder) and keeps the answer', async () => {
    const { venue, connection } = await open({});
    await connection.startLive();
    expect(await connection.keyIdentity()).toEqual({ venue: VENUE, kid: 'k_7' });
    await connection.keyIdentity();
    expect(venue.keyGets).toBe(1);
  });

  it('holds money movements until GET /key confirms the remembered venue, then says so on its stream', async () => {
    const { venue, feed, connection, updates } = await open({ keyDown: true, remembered: VENUE });
    expect(connection.held()).toBe(true);
    expect(connection.holdReason()).toMatch(/waiting for GET \/key to confirm that the key opens venue venue-7/);
    const attempt = await connection.postTransaction('buy-in', {
      player_name: 'Alice',
      amount: 10,
      idempotency_key: 'idem-1',
    });
    expect(attempt).toMatchObject({ kind: 'no-response', phase: 'before-send' });
    expect(venue.posts).toBe(0);
    await expect(connection.requireConfirmed(AbortSignal.timeout(1_000))).rejects.toThrow(/not confirmed yet/);

    await connection.startLive();
    feed.notify({ type: 'gap' });
    expect(updates.some((update) => update.type === 'live' && update.live.update.type === 'gap')).toBe(true);
    venue.keyDown = false;
    await vi.waitFor(() => expect(updates.some((update) => update.type === 'confirmed')).toBe(true), {
      timeout: 5_000,
    });
    expect(connection.held()).toBe(false);
    expect(connection.holdReason()).toBeNull();
    await expect(connection.requireConfirmed(AbortSignal.timeout(1_000))).resolves.toBeUndefined();
  });
});
