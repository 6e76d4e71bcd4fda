/**
 * The entered key's GET /key answer names the venue of ONE address: the connection opened next may take it instead of
 * asking again only at that very address. Two addresses on one origin (a gateway serving venues under two paths) are
 * two venues: when the address moves while the key is being kept, the connection at the new address must ask GET /key
 * there, or it would open the first venue's journal (its unfinished movements, its idempotency keys) against the
 * second venue.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createSession, type Session } from '../../../main/core/session';
import { keyOrigin } from '../../../main/core/session/key-origin';
import { MemoryKeyStore } from '../../../main/core/session/key-store';
import type { LiveFeedFactory } from '../../../main/core/session/live-feed';
import { MemorySettingsStore } from '../../../main/core/session/settings-store';
import { venueIdFolder } from '../../../main/core/session/venue-folder';
import { defaultSettings, type Settings } from '../../../preload/contract';
import { FakeLiveFeed } from '../../support/web-fake-feed';

const OLD_KEY = 'vk_live_old_0123456789abcdef';
const NEW_KEY = 'vk_live_new_0123456789abcdef';

interface Gate {
  readonly wait: Promise<void>;
  open(): void;
}
function gate(): Gate {
  let open: () => void = () => undefined;
  const wait = new Promise<void>((resolve) => (open = resolve));
  return { wait, open };
}
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 20));

/** Settings whose next save waits for the test (the file write of a real store takes time too). */
class SlowSettingsStore extends MemorySettingsStore {
  hold: Gate | null = null;
  readonly saving = gate();
  override async save(settings: Settings): Promise<void> {
    const hold = this.hold;
    if (hold !== null) {
      this.saving.open();
      await hold.wait;
    }
    await super.save(settings);
  }
}

/** A live feed whose close the test may hold (a real feed's close waits for its socket). */
class SlowCloseFeed extends FakeLiveFeed {
  hold: Gate | null = null;
  readonly closing = gate();
  override async close(): Promise<void> {
    this.closing.open();
    await this.hold?.wait;
    await super.close();
  }
}

let server: Server | null = null;
let session: Session | null = null;
let dataDir: string | null = null;

afterEach(async () => {
  await session?.close();
  session = null;
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server === null ? resolve() : server.close(() => resolve())));
  server = null;
  if (dataDir !== null) await rm(dataDir, { recursive: true, force: true });
  dataDir = null;
});

it('a key kept while the address moves on the same origin is identified again at the new address', async () => {
  // One origin, two venues: /a/v1 is venue_x, /b/v1 is venue_y. The new key's check at /a waits for the test.
  const checkAtA: { answer: (() => void) | null } = { answer: null };
  const askedAtA = gate();
  const keyAskedAtB: string[] = [];
  server = createServer((request, response) => {
    const url = request.url ?? '';
    const venue = url.startsWith('/b/') ? 'venue_y' : 'venue_x';
    const json = (body: unknown) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (url.endsWith('/key')) {
      const answer = () => json({ venue, kid: `kid_${venue}`, live: true });
      if (venue === 'venue_y') keyAskedAtB.push(request.headers.authorization ?? '');
      if (venue === 'venue_x' && (request.headers.authorization ?? '').includes(NEW_KEY) && checkAtA.answer === null) {
        checkAtA.answer = answer;
        askedAtA.open();
        return;
      }
      return answer();
    }
    if (url.endsWith('/venue')) return json({ venue_id: venue, name: venue, live: true });
    response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not_found"}');
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const addressA = `${origin}/a/v1`;
  const addressB = `${origin}/b/v1`;

  const opened: Array<{ wsUrl: string; dataDir: string }> = [];
  const feeds: SlowCloseFeed[] = [];
  const openLive: LiveFeedFactory = async (feedOptions) => {
    opened.push({ wsUrl: feedOptions.wsUrl, dataDir: feedOptions.dataDir });
    const feed = new SlowCloseFeed();
    feeds.push(feed);
    return feed;
  };
  dataDir = await mkdtemp(join(tmpdir(), 'venue-entered-race-'));
  const settingsStore = new SlowSettingsStore({ ...defaultSettings, venueBaseUrl: addressA });
  const running = await createSession({
    dataDir,
    settingsStore,
    keyStore: new MemoryKeyStore(OLD_KEY, false, keyOrigin(addressA, null)),
    openLive,
    log: () => undefined,
  });
  session = running;
  await running.started;
  expect(opened).toHaveLength(1);

  // The operator enters a new key for /a; while it is checked, the address moves to /b (its settings file is
  // being written when the check answers), and the old link is slow to close.
  const setting = running.invoke('settings:set-key', [NEW_KEY]);
  await askedAtA.wait;
  settingsStore.hold = gate();
  const moving = running.invoke('settings:set-venue-address', [{ baseUrl: addressB, wsUrl: null }]);
  await settingsStore.saving.wait;
  const firstFeed = feeds[0];
  if (firstFeed === undefined) throw new Error('no first feed');
  firstFeed.hold = gate();
  checkAtA.answer?.();
  await firstFeed.closing.wait;
  settingsStore.hold.open();
  await settle();
  firstFeed.hold.open();
  await setting;
  await moving;
  await settle();

  // Every connection at /b sits in venue_y's folder (GET /key asked there), never in venue_x's.
  const atB = opened.filter((entry) => entry.wsUrl.startsWith(addressB.replace(/^http/, 'ws')));
  expect(atB.length).toBeGreaterThan(0);
  for (const entry of atB) {
    expect(entry.dataDir).not.toBe(join(venueIdFolder(dataDir, 'venue_x'), 'live'));
    expect(entry.dataDir).toBe(join(venueIdFolder(dataDir, 'venue_y'), 'live'));
  }
  expect(keyAskedAtB.length).toBeGreaterThan(0);
});
