/**
 * How the key is kept reaches the settings screen through the snapshot, and weak storage is saved only on the
 * strict consent channel: the desktop vault on a keyring-less Linux, and the web runtime's memory-only store.
 */
import { describe, expect, it } from 'vitest';
import type { Session } from '../../../main/core/session';
import { MemoryKeyStore, type KeyStore } from '../../../main/core/session/key-store';
import { MemorySettingsStore } from '../../../main/core/session/settings-store';
import { VaultKeyStore } from '../../../main/electron/vault-key-store';
import { defaultSettings } from '../../../preload/contract';
import { unreachableDemo } from '../../support/unreachable-demo';
import { maskingKeyring, memoryVault } from '../../support/fake-keyring';
import { sessionPerTest } from '../../support/session-per-test';
import { FakeLiveFeed, fakeFeedFactory } from '../../support/web-fake-feed';

const KEY = 'vk_live_storage_1234abcd';
const perTest = sessionPerTest('venue-key-storage-');

function weakVault(): { keyStore: VaultKeyStore; saved: Map<string, unknown> } {
  const saved = new Map<string, unknown>();
  return { keyStore: new VaultKeyStore(memoryVault(maskingKeyring('basic_text'), saved)), saved };
}

async function open(keyStore: KeyStore): Promise<Session> {
  return perTest.open({
    settingsStore: new MemorySettingsStore({ ...defaultSettings, venueBaseUrl: 'http://127.0.0.1:9/v1' }),
    keyStore,
    openLive: fakeFeedFactory(new FakeLiveFeed()),
    log: () => undefined,
  });
}

describe('key storage in the snapshot', () => {
  it('shows a memory-only key refused by a weak keyring, and saves it only after strict consent', async () => {
    const { keyStore, saved } = weakVault();
    await keyStore.set(KEY, {
      venue: 'venue_a',
      kid: 'k_1',
      live: true,
      origin: 'http://127.0.0.1:9 ws://127.0.0.1:9',
    });
    const running = await open(keyStore);
    expect(running.snapshot().key).toMatchObject({
      hasKey: true,
      storage: 'memory-only',
      persistRefused: 'weak-backend',
      problem: null,
    });
    // Only the storage fields come from the vault: venue and kid are what GET /key answers (not reachable here).
    expect(running.snapshot().key).toMatchObject({ venue: null, kid: null });
    expect(saved.size).toBe(0);

    for (const bad of [
      [],
      [{ acceptWeakStorage: false }],
      [{ acceptWeakStorage: 'yes' }],
      [{ acceptWeakStorage: true, also: 1 }],
      [true],
    ]) {
      expect(await running.invoke('settings:accept-weak-key-storage', bad)).toMatchObject({
        ok: false,
        error: { code: 'bad_arguments' },
      });
    }
    expect(saved.size).toBe(0);

    expect(await running.invoke('settings:accept-weak-key-storage', [{ acceptWeakStorage: true }])).toEqual({
      ok: true,
      value: null,
    });
    expect(running.snapshot().key).toMatchObject({ storage: 'weak-accepted', persistRefused: null });
    expect(saved.size).toBe(1);
    expect(JSON.stringify(running.snapshot()).includes(KEY)).toBe(false);

    expect(await running.invoke('settings:accept-weak-key-storage', [{ acceptWeakStorage: true }])).toMatchObject({
      ok: false,
      error: { code: 'not_applicable' },
    });
  });

  it('keeps the demo venue’s key view when the vault holds no key', async () => {
    const { keyStore } = weakVault();
    const session = await perTest.open({
      settingsStore: new MemorySettingsStore(defaultSettings),
      keyStore,
      openLive: fakeFeedFactory(new FakeLiveFeed()),
      startDemo: async () => unreachableDemo(),
      log: () => undefined,
    });
    expect(session.snapshot().key).toMatchObject({ hasKey: true, storage: null, persistRefused: null });
  });

  it('reports the web runtime’s key as memory-only and has no weak storage to accept', async () => {
    const running = await open(new MemoryKeyStore(KEY, true));
    expect(running.snapshot().key).toMatchObject({
      hasKey: true,
      storage: 'memory-only',
      persistRefused: null,
      fromEnvironment: true,
    });
    expect(await running.invoke('settings:accept-weak-key-storage', [{ acceptWeakStorage: true }])).toMatchObject({
      ok: false,
      error: { code: 'not_applicable' },
    });
  });
});
