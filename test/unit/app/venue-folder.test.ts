/** The journal belongs to the venue (its venue_id from GET /key), not to the address text (session/venue-folder.ts). */
import { chmodSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { archiveMovements } from '../../../main/core/cashier/archive';
import { openJournal, readJournal } from '../../../main/core/cashier/journal';
import { booksFor } from '../../../main/core/storage/books';
import type { Movement } from '../../../main/core/cashier/index';
import { createSession, type Session } from '../../../main/core/session';
import { MemoryKeyStore } from '../../../main/core/session/key-store';
import { keeperLiveFeed } from '../../../main/core/session/live-keeper-feed';
import { MemorySettingsStore } from '../../../main/core/session/settings-store';
import { defaultSettings } from '../../../preload/contract/settings';
import {
  legacyAddressFolder,
  placeVenue,
  unfinishedElsewhere,
  venueIdFolder,
} from '../../../main/core/session/venue-folder';
import { startDemoVenue, type RunningDemoVenue } from '../../../main/demo';
import { movementFixture } from '../../support/cashier-fixtures';
import { tempDataDir } from '../../support/cashier-harness';
import { cleanupsAfterEach } from '../../support/cleanups-after-each';
import { startVenueProxy, type VenueProxy } from '../../support/venue-proxy';
import { FAST_DEMO } from '../../support/web-app';
import { verifyDataFolder } from '../../../main/web/verify-report';

const cleanups = cleanupsAfterEach();

function freshDir(): string {
  const temp = tempDataDir('venue-folder-');
  cleanups.push(temp.remove);
  return temp.dir;
}

const movement = (index: number, overrides: Partial<Movement> = {}): Movement =>
  movementFixture({ key: `mv-key-${String(index).padStart(4, '0')}`, amount: 10 + index, ...overrides });

/** The books of the data folder a venue folder is in (what a session there seals its journal with). */
const rootBooks = (venueDir: string) => booksFor(dirname(dirname(venueDir)));

async function writeJournal(dir: string, movements: readonly Movement[]): Promise<void> {
  const journal = await openJournal(join(dir, 'cashier'), { books: await rootBooks(dir) });
  for (const item of movements) await journal.append(item);
  await journal.close();
}

const ADDRESS = 'https://venue.example/v1';
const named = (venueId: string) => async () => venueId;

/** The venue_id the venue's GET /key names for its key. */
async function venueIdOf(venue: RunningDemoVenue): Promise<string> {
  const answer = await fetch(`${venue.baseUrl}/key`, { headers: { authorization: `Bearer ${venue.key}` } });
  return ((await answer.json()) as { venue: string }).venue;
}

/**
 * One demo venue for the calling describe block (started before its tests, closed after them), and sessions on it
 * whose REST requests go to `venueBaseUrl` (the venue or a proxy in front of it); each is closed after its test.
 */
function demoVenueBlock(): {
  readonly venue: () => RunningDemoVenue;
  readonly openSession: (dataDir: string, venueBaseUrl: string) => Promise<Session>;
} {
  let started: RunningDemoVenue | undefined;
  let session: Session | null = null;
  beforeAll(async () => {
    started = await startDemoVenue(FAST_DEMO);
  });
  afterAll(async () => {
    await started?.close();
  });
  afterEach(async () => {
    await session?.close();
    session = null;
  });
  const venue = (): RunningDemoVenue => {
    if (started === undefined) throw new Error('the demo venue has not started');
    return started;
  };
  return {
    venue,
    async openSession(dataDir, venueBaseUrl) {
      session = await createSession({
        dataDir,
        settingsStore: new MemorySettingsStore({ ...defaultSettings, venueBaseUrl, venueWsUrl: venue().wsUrl }),
        keyStore: new MemoryKeyStore(venue().key, true),
        openLive: keeperLiveFeed({}),
        log: () => undefined,
      });
      return session;
    },
  };
}
const unreachable = async (): Promise<string | null> => {
  throw new Error('connect ECONNREFUSED');
};

describe('venue folders', () => {
  it('keys the folder on the venue: two addresses of one venue share it, and the address is remembered', async () => {
    const dataDir = freshDir();
    const first = await placeVenue(dataDir, ADDRESS, false, named('venue-7'));
    expect(first).toEqual({ dir: venueIdFolder(dataDir, 'venue-7'), venueId: 'venue-7', confirmed: true });
    expect(JSON.parse(readFileSync(join(first.dir, 'venue.json'), 'utf8'))).toEqual({ venueId: 'venue-7' });
    expect((await placeVenue(dataDir, 'https://10.0.0.5/v1', false, named('venue-7'))).dir).toBe(first.dir);
    // GET /key failing at start: the venue last seen at this address; an address never identified gets its own.
    expect(await placeVenue(dataDir, ADDRESS, false, unreachable)).toEqual({
      dir: first.dir,
      venueId: 'venue-7',
      confirmed: false,
    });
    expect(await placeVenue(dataDir, 'https://other.example/v1', false, unreachable)).toEqual({
      dir: legacyAddressFolder(dataDir, 'https://other.example/v1'),
      venueId: null,
      confirmed: false,
    });
    expect((await placeVenue(dataDir, ADDRESS, true, named('venue-7'))).dir).toBe(join(dataDir, 'venues', 'demo'));
  });

  it('adopts a journal kept under the address (the earlier layout) into the venue folder', async () => {
    const dataDir = freshDir();
    await writeJournal(legacyAddressFolder(dataDir, ADDRESS), [movement(1), movement(2, { state: 'applied' })]);
    const place = await placeVenue(dataDir, ADDRESS, false, named('venue-7'));
    expect(existsSync(legacyAddressFolder(dataDir, ADDRESS))).toBe(false);
    expect(
      (await readJournal(join(place.dir, 'cashier'), undefined, await rootBooks(place.dir))).movements.map(
        (m) => m.key,
      ),
    ).toEqual([movement(1).key, movement(2).key]);
  });

  it('an adopted address folder keeps its books: npm run verify finds every witnessed file', async () => {
    const dataDir = freshDir();
    const legacy = legacyAddressFolder(dataDir, ADDRESS);
    await writeJournal(legacy, [movement(1)]);
    const books = await rootBooks(legacy);
    await archiveMovements(join(legacy, 'cashier'), 'shift-1', [movement(2, { state: 'applied' })], books);
    await books.flush();
    const place = await placeVenue(dataDir, ADDRESS, false, named('venue-7'), books);
    // The session opens the adopted journal at its new place (as it does at every start), then stops.
    await writeJournal(place.dir, []);
    const report = await verifyDataFolder({ dataDir });
    expect(report.text).not.toMatch(/MISSING/);
    expect(report.ok).toBe(true);
  });

  it('never adopts an address folder whose journal another process has open (two owners of one journal)', async () => {
    const dataDir = freshDir();
    const running = await openJournal(join(legacyAddressFolder(dataDir, ADDRESS), 'cashier'));
    try {
      await expect(placeVenue(dataDir, ADDRESS, false, named('venue-7'))).rejects.toThrow(/in use by another process/);
      expect(existsSync(legacyAddressFolder(dataDir, ADDRESS))).toBe(true);
      expect(existsSync(venueIdFolder(dataDir, 'venue-7'))).toBe(false);
    } finally {
      await running.close();
    }
    expect((await placeVenue(dataDir, ADDRESS, false, named('venue-7'))).dir).toBe(venueIdFolder(dataDir, 'venue-7'));
    expect(existsSync(legacyAddressFolder(dataDir, ADDRESS))).toBe(false);
  });

  it('refuses a data folder other users may write into, before reading anything from it', async () => {
    const dataDir = join(freshDir(), 'shared');
    mkdirSync(dataDir);
    chmodSync(dataDir, 0o777);
    await expect(placeVenue(dataDir, ADDRESS, false, named('venue-7'))).rejects.toThrow(
      /other users may write into the folder/,
    );
    await expect(placeVenue(dataDir, ADDRESS, true, named('venue-7'))).rejects.toThrow(
      /other users may write into the folder/,
    );
  });

  it("reports every other journal's unfinished movements by venue", async () => {
    const dataDir = freshDir();
    const other = await placeVenue(dataDir, 'https://b.example/v1', false, named('venue-B'));
    await writeJournal(other.dir, [movement(1), movement(2, { state: 'in-doubt' }), movement(3, { state: 'applied' })]);
    await writeJournal(legacyAddressFolder(dataDir, 'https://c.example/v1'), [movement(4, { state: 'queued' })]);
    await writeJournal(join(dataDir, 'venues', 'demo'), [movement(5)]);
    const current = await placeVenue(dataDir, ADDRESS, false, named('venue-A'));
    await writeJournal(current.dir, [movement(6)]);
    const found = await unfinishedElsewhere(dataDir, current.dir);
    expect(found).toHaveLength(2);
    expect(found).toContain('2 unfinished movements belong to venue venue-B; they resume when it is connected.');
    expect(
      found.find((line) => line.startsWith('1 unfinished movement belongs to an address not identified yet')),
    ).toBeDefined();
  });
});

describe('a session on a real venue', () => {
  const demo = demoVenueBlock();

  it('journals in the folder of the venue GET /key names, and says what other venues left unfinished', async () => {
    const dataDir = freshDir();
    const other = await placeVenue(dataDir, 'https://b.example/v1', false, named('venue-B'));
    await writeJournal(other.dir, [movement(1), movement(2)]);
    const venueId = await venueIdOf(demo.venue());
    // This venue's own unfinished movement, journaled while it was reached at another address: resumed here.
    await writeJournal(venueIdFolder(dataDir, venueId), [
      movement(3, { state: 'with-host', mayHaveReachedHost: true }),
    ]);
    const session = await demo.openSession(dataDir, demo.venue().baseUrl);
    await session.started;
    expect(session.snapshot().cashier.tray.map((entry) => entry.id)).toContain(movement(3).key);
    expect(existsSync(join(venueIdFolder(dataDir, venueId), 'cashier', 'cashier-journal.log'))).toBe(true);
    expect(session.snapshot().cashier.elsewhere).toEqual([
      '2 unfinished movements belong to venue venue-B; they resume when it is connected.',
    ]);
  });
});

describe('a start while GET /key fails: the remembered venue is held until GET /key confirms it', () => {
  const demo = demoVenueBlock();

  /** A session at the proxy, whose folder (by the remembered address) holds one buy-in left with the host. */
  async function startWithStranded(rememberedVenue: string): Promise<{
    readonly proxy: VenueProxy;
    readonly stranded: Movement;
    readonly open: Session;
  }> {
    const proxy = await startVenueProxy(demo.venue().baseUrl, { keyDown: true });
    cleanups.push(() => void proxy.close());
    const dataDir = freshDir();
    const remembered = await placeVenue(dataDir, proxy.baseUrl, false, named(rememberedVenue));
    const stranded = movement(1, { playerName: 'Alice', state: 'with-host', mayHaveReachedHost: true, shiftId: null });
    await writeJournal(remembered.dir, [stranded]);
    const open = await demo.openSession(dataDir, proxy.baseUrl);
    await open.started;
    return { proxy, stranded, open };
  }

  it(
    "never sends another venue's unfinished movement to the venue the key opens " +
      'now (a key it never saw would apply)',
    async () => {
      // The address (or the key) opened venue-B last time; it left a buy-in with the host. Today it opens the demo
      // venue.
      const { proxy, open } = await startWithStranded('venue-B');
      await vi.waitFor(
        () =>
          expect(open.snapshot().cashier.notReadyReason).toMatch(
            /waiting for GET \/key to confirm that the key opens venue venue-B/,
          ),
        { timeout: 10_000 },
      );
      expect(open.snapshot().cashier.ready).toBe(false);
      expect(proxy.posts).toEqual([]);
      // GET /key answers again: it names the demo venue, not venue-B. Still nothing of venue-B's leaves.
      proxy.keyDown = false;
      await vi.waitFor(
        () =>
          expect(open.snapshot().cashier.notReadyReason).toMatch(/belongs to venue venue-B but the key opens venue /),
        { timeout: 20_000 },
      );
      expect(open.snapshot().cashier.ready).toBe(false);
      expect(proxy.posts).toEqual([]);
    },
  );

  it("resumes the remembered venue's movement with its own key once GET /key confirms the venue", async () => {
    const venueId = await venueIdOf(demo.venue());
    const { proxy, stranded, open } = await startWithStranded(venueId);
    await vi.waitFor(() => expect(open.snapshot().cashier.notReadyReason).toMatch(/waiting for GET \/key/), {
      timeout: 10_000,
    });
    expect(proxy.posts).toEqual([]);
    proxy.keyDown = false;
    await vi.waitFor(() => expect(proxy.posts.length).toBeGreaterThan(0), { timeout: 20_000 });
    expect(
      new Set(proxy.posts.map((body) => (JSON.parse(body) as { idempotency_key: string }).idempotency_key)),
    ).toEqual(new Set([stranded.key]));
    await vi.waitFor(() => expect(open.snapshot().cashier.ready).toBe(true), { timeout: 20_000 });
  });
});
