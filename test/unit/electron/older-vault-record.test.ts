/**
 * A vault record written by an earlier version (venue and kid, no origin) still loads: the session binds the key to
 * the address it starts with, asks GET /key there once, shows the answer's venue and kid with the vault's storage,
 * and a move to another origin drops the key without sending it there.
 */
import { expect, it, vi } from 'vitest';
import { createSession } from '../../../main/core/session';
import { MemorySettingsStore } from '../../../main/core/session/settings-store';
import { VAULT_RECORD_KEY } from '../../../main/electron/keyvault';
import { VaultKeyStore } from '../../../main/electron/vault-key-store';
import { maskingKeyring, memoryVault } from '../../support/fake-keyring';
import { defaultSettings } from '../../../preload/contract';
import { tempDataDir } from '../../support/cashier-harness';
import { cleanupsAfterEach } from '../../support/cleanups-after-each';
import { startLoopbackVenueServer } from '../../support/loopback-venue-server';
import { FakeLiveFeed, fakeFeedFactory } from '../../support/web-fake-feed';

const KEY = 'vk_live_older_0123456789abcdef';
const RECORD = VAULT_RECORD_KEY;

const safeStorage = maskingKeyring('gnome_libsecret');

interface Counted {
  readonly baseUrl: string;
  readonly withKey: string[];
  close(): Promise<void>;
}

async function venue(name: string): Promise<Counted> {
  const withKey: string[] = [];
  const server = await startLoopbackVenueServer((request, response) => {
    const path = (request.url ?? '/').replace(/^\/v1/, '');
    if ((request.headers.authorization ?? '').includes(KEY)) withKey.push(`${request.method ?? ''} ${path}`);
    const json = (body: unknown) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (path === '/key') return json({ venue: name, kid: `kid_${name}`, live: true });
    if (path === '/venue') return json({ venue_id: name, name, live: true });
    response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not_found"}');
  });
  return { ...server, withKey };
}

const cleanups = cleanupsAfterEach();

it('an older record (no origin) loads, binds to the start address and shows GET /key’s answer', async () => {
  const home = await venue('venue_home');
  cleanups.push(() => home.close());
  const elsewhere = await venue('venue_elsewhere');
  cleanups.push(() => elsewhere.close());
  const saved = new Map<string, unknown>([
    [
      RECORD,
      {
        version: 1,
        ciphertext: safeStorage.encryptString(KEY).toString('base64'),
        venue: 'venue_home',
        kid: 'kid_stored_earlier',
        protection: 'keyring',
      },
    ],
  ]);
  const vault = memoryVault(safeStorage, saved);
  expect(vault.load()).toMatchObject({ hasKey: true, storage: 'encrypted', problem: null });
  expect(vault.boundOrigin()).toBeNull();
  const data = tempDataDir('venue-older-record-');
  cleanups.push(data.remove);
  const session = await createSession({
    dataDir: data.dir,
    settingsStore: new MemorySettingsStore({ ...defaultSettings, venueBaseUrl: home.baseUrl }),
    keyStore: new VaultKeyStore(vault),
    openLive: fakeFeedFactory(new FakeLiveFeed()),
    log: () => undefined,
  });
  cleanups.push(() => session.close());
  await session.started;
  await vi.waitFor(
    () =>
      expect(session.snapshot().key).toMatchObject({
        hasKey: true,
        kid: 'kid_venue_home',
        venue: 'venue_home',
        storage: 'encrypted',
      }),
    { timeout: 5_000 },
  );
  expect(home.withKey.filter((request) => request === 'GET /key')).toHaveLength(1);

  expect(
    await session.invoke('settings:set-venue-address', [{ baseUrl: elsewhere.baseUrl, wsUrl: null }]),
  ).toMatchObject({ ok: true });
  expect(session.snapshot()).toMatchObject({ connection: { kind: 'no-key' }, key: { hasKey: false, storage: null } });
  expect(saved.has(RECORD)).toBe(false);
  expect(elsewhere.withKey).toEqual([]);
});
