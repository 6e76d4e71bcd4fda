/**
 * An entered key is checked once: one GET /key where it is entered (the settings command), whose answer the venue
 * connection opened next takes instead of asking again; the key stores (memory, the desktop vault) only keep it. A
 * counting proxy in front of a demo venue sees every REST request of the session.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Session } from '../../../main/core/session';
import { MemoryKeyStore, type KeyStore } from '../../../main/core/session/key-store';
import { startDemoVenue, type RunningDemoVenue } from '../../../main/demo';
import { VaultKeyStore } from '../../../main/electron/vault-key-store';
import { maskingKeyring, memoryVault } from '../../support/fake-keyring';
import { tempDataDir } from '../../support/cashier-harness';
import { openLiveVenueSession } from '../../support/live-venue-session';
import { startVenueProxy, type VenueProxy } from '../../support/venue-proxy';
import { FAST_DEMO } from '../../support/web-app';

const safeStorage = maskingKeyring('kwallet6');

function desktopKeyStore(): VaultKeyStore {
  return new VaultKeyStore(memoryVault(safeStorage));
}

let venue: RunningDemoVenue;
let proxy: VenueProxy;
let session: Session | null = null;
const cleanups: Array<() => void> = [];

beforeAll(async () => {
  venue = await startDemoVenue(FAST_DEMO);
});
afterAll(async () => {
  await venue.close();
});
afterEach(async () => {
  await session?.close();
  session = null;
  await proxy.close();
  for (const cleanup of cleanups.splice(0)) cleanup();
});

async function openAtProxy(keyStore: KeyStore): Promise<Session> {
  proxy = await startVenueProxy(venue.baseUrl);
  const temp = tempDataDir('venue-key-path-');
  cleanups.push(temp.remove);
  session = await openLiveVenueSession({
    dataDir: temp.dir,
    venueBaseUrl: proxy.baseUrl,
    venueWsUrl: venue.wsUrl,
    keyStore,
  });
  return session;
}

describe('one GET /key per entered key', () => {
  for (const [runtime, keyStore] of [
    ['the web runtime (memory)', () => new MemoryKeyStore()],
    ['the desktop shell (vault)', desktopKeyStore],
  ] as const) {
    it(`${runtime}: the check where the key is entered is the only one; the connection takes its answer`, async () => {
      const running = await openAtProxy(keyStore());
      expect(proxy.keyGets).toBe(0);
      expect(await running.invoke('settings:set-key', [venue.key])).toMatchObject({
        ok: true,
        value: { venue: venue.venueId, kid: expect.any(String) },
      });
      // Connected, live, and the venue's facts read (GET /venue): the session has done all its opening.
      await vi.waitFor(
        () => {
          const snapshot = running.snapshot();
          expect(snapshot.connection.kind).toBe('live');
          expect(snapshot.venue.venueId).toBe(venue.venueId);
          expect(snapshot.key).toMatchObject({ hasKey: true, venue: venue.venueId, kid: expect.any(String) });
          expect(snapshot.cashier.ready).toBe(true);
        },
        { timeout: 10_000 },
      );
      expect(proxy.keyGets).toBe(1);
    });
  }

  it('a key the venue refuses is checked once and kept nowhere', async () => {
    const keyStore = desktopKeyStore();
    const running = await openAtProxy(keyStore);
    expect(await running.invoke('settings:set-key', ['vk_refused_12345678'])).toMatchObject({ ok: false });
    expect(proxy.keyGets).toBe(1);
    expect(await keyStore.get()).toBeNull();
    expect(running.snapshot().key.hasKey).toBe(false);
  });
});
