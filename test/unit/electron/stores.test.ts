import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Conf from 'conf';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KeyVault, KeyVaultError } from '../../../main/electron/keyvault';
import { maskingKeyring } from '../../support/fake-keyring';
import { VAULT_STORE_NAME, openStateStore, openVaultStore, type CreateStore } from '../../../main/electron/stores';

/** electron-store is Conf plus Electron's default directory; with an explicit cwd they behave the same. */
const createStore: CreateStore = ({ name, ...options }) =>
  new Conf<Record<string, unknown>>({ configName: name, ...options });

const KEY = 'vk_live_storeTest_9f8e7d6c';

const fakeKeyring = maskingKeyring('gnome_libsecret', 0x33);

let directory: string;
beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'vault-store-'));
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

/** The answer of the GET /key that accepted KEY (the session's; the vault only keeps it). */
const CHECKED = { venue: 'venue_a', kid: 'k_1', origin: 'https://venue.example wss://venue.example' };

function vaultIn(dir: string) {
  const { store, problem } = openVaultStore(dir, createStore);
  return new KeyVault({
    safeStorage: fakeKeyring,
    store,
    storeProblem: problem,
    platform: 'linux',
    log: () => undefined,
  });
}

describe("the vault store on disk (electron-store's Conf)", () => {
  it('is written with mode 0600 and never holds the key in clear', async () => {
    await vaultIn(directory).setKey(KEY, CHECKED);
    const file = path.join(directory, `${VAULT_STORE_NAME}.json`);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const text = await readFile(file, 'utf8');
    expect(text).toContain('"kid": "k_1"');
    expect(text).not.toContain(KEY);
    expect(vaultIn(directory).load()).toMatchObject({ hasKey: true, storage: 'encrypted' });
  });

  it('leaves a corrupt file untouched and refuses to save over it', async () => {
    const file = path.join(directory, `${VAULT_STORE_NAME}.json`);
    await writeFile(file, '{ not json', { mode: 0o600 });
    const vault = vaultIn(directory);
    expect(vault.load()).toMatchObject({ hasKey: false, problem: expect.stringMatching(/unreadable/) });
    await expect(vault.setKey(KEY, CHECKED)).rejects.toBeInstanceOf(KeyVaultError);
    expect(await readFile(file, 'utf8')).toBe('{ not json');
  });

  it('removing the key erases it from the file', async () => {
    const vault = vaultIn(directory);
    await vault.setKey(KEY, CHECKED);
    vault.remove();
    expect(vaultIn(directory).load().hasKey).toBe(false);
  });

  it('the window-state store starts afresh from a corrupt file', async () => {
    await writeFile(path.join(directory, 'window-state.json'), '][');
    const store = openStateStore(directory, createStore);
    expect(store.get('mainWindow')).toBeUndefined();
    store.set('mainWindow', { x: 1 });
    expect(openStateStore(directory, createStore).get('mainWindow')).toEqual({ x: 1 });
  });
});
