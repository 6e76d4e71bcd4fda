/**
 * A key whose one GET /key fails (401, a dropped connection, an answer that is not JSON, one without the venue or the
 * kid, one of the wrong shape, a redirect to another host) is kept nowhere and changes nothing: the key held before,
 * its binding, the snapshot's key fields and the open connection all stay as they were, and the refused key is sent
 * nowhere but that GET /key.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSession, type Session } from '../../../main/core/session';
import { MemoryKeyStore } from '../../../main/core/session/key-store';
import type { LiveFeedFactory } from '../../../main/core/session/live-feed';
import { MemorySettingsStore } from '../../../main/core/session/settings-store';
import { defaultSettings } from '../../../preload/contract';
import { tempDataDir } from '../../support/cashier-harness';
import { FakeLiveFeed } from '../../support/web-fake-feed';

const OLD_KEY = 'vk_live_old_0123456789abcdef';
const REFUSED = {
  unauthorized: 'vk_live_401_0123456789abcdef',
  dropped: 'vk_live_drop_0123456789abcdef',
  notJson: 'vk_live_html_0123456789abcdef',
  noVenue: 'vk_live_novenue_0123456789abcd',
  noKid: 'vk_live_nokid_0123456789abcdef',
  wrongShape: 'vk_live_shape_0123456789abcdef',
  redirected: 'vk_live_redirect_0123456789abcd',
} as const;

let server: Server;
let baseUrl: string;
/** Another host a redirect points to: it counts every request it receives. */
let other: Server;
let otherUrl: string;
let otherRequests = 0;
/** Every request that carried a refused key, as "METHOD path". */
const refusedKeyRequests: string[] = [];
let session: Session;
let opens = 0;
let remove: () => void = () => undefined;
const keyStore = new MemoryKeyStore(OLD_KEY, false);

function keyOf(authorization: string | undefined): string {
  return (authorization ?? '').replace(/^Bearer\s+/i, '');
}

beforeAll(async () => {
  other = createServer((_request, response) => {
    otherRequests += 1;
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"venue":"evil","kid":"k","live":true}');
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}/v1`;
  server = createServer((request, response) => {
    const key = keyOf(request.headers.authorization);
    const path = (request.url ?? '/').replace(/^\/v1/, '');
    const json = (status: number, body: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (key !== OLD_KEY) refusedKeyRequests.push(`${request.method ?? ''} ${path}`);
    if (path !== '/key') {
      if (key !== OLD_KEY) return json(401, { error: 'unauthorized' });
      if (path === '/venue') return json(200, { venue_id: 'venue_x', name: 'X', live: true });
      return json(404, { error: 'not_found' });
    }
    switch (key) {
      case OLD_KEY:
        return json(200, { venue: 'venue_x', kid: 'kid_old', live: true });
      case REFUSED.unauthorized:
        return json(401, { error: 'unauthorized' });
      case REFUSED.dropped:
        return void request.socket.destroy();
      case REFUSED.notJson:
        return void response.writeHead(200, { 'content-type': 'text/html' }).end('<html>portal</html>');
      case REFUSED.noVenue:
        return json(200, { kid: 'kid_new', live: true });
      case REFUSED.noKid:
        return json(200, { venue: 'venue_y', live: true });
      case REFUSED.wrongShape:
        return json(200, { venue: 7, kid: ['k'], live: 'yes' });
      case REFUSED.redirected:
        return void response.writeHead(307, { location: `${otherUrl}/key` }).end();
      default:
        return json(401, { error: 'unauthorized' });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  const temp = tempDataDir('venue-key-refusals-');
  remove = temp.remove;
  const openLive: LiveFeedFactory = async () => {
    opens += 1;
    return new FakeLiveFeed();
  };
  session = await createSession({
    dataDir: temp.dir,
    settingsStore: new MemorySettingsStore({ ...defaultSettings, venueBaseUrl: baseUrl }),
    keyStore,
    openLive,
    log: () => undefined,
  });
  await session.started;
  await vi.waitFor(() => expect(session.snapshot().key.kid).toBe('kid_old'), { timeout: 5_000 });
});

afterAll(async () => {
  await session.close();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  other.closeAllConnections();
  await new Promise<void>((resolve) => other.close(() => resolve()));
  remove();
});

describe('a key the venue does not accept', () => {
  it.each(Object.entries(REFUSED))('(%s) is kept nowhere and changes nothing', async (_name, refused) => {
    const before = session.snapshot();
    const opensBefore = opens;
    refusedKeyRequests.splice(0);
    const outcome = await session.invoke('settings:set-key', [refused]);
    expect(outcome.ok).toBe(false);
    expect(await keyStore.get()).toBe(OLD_KEY);
    expect(keyStore.boundOrigin()).toBeNull();
    // No reconnect: the open connection goes on with the old key.
    expect(opens).toBe(opensBefore);
    const after = session.snapshot();
    expect(after.key).toEqual(before.key);
    expect(after.connection).toEqual(before.connection);
    expect(await session.invoke('settings:check-key', [])).toMatchObject({ ok: true, value: { kid: 'kid_old' } });
    // The refused key went to GET /key once and nowhere else.
    expect(refusedKeyRequests).toEqual(['GET /key']);
    // A redirect is not followed: the other host hears nothing, with or without the key.
    expect(otherRequests).toBe(0);
  });
});
