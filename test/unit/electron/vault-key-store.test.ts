import { describe, expect, it } from 'vitest';
import { CommandRefusal } from '../../../main/core/session/command-error';
import { VaultKeyStore } from '../../../main/electron/vault-key-store';
import { VAULT_RECORD_KEY } from '../../../main/electron/keyvault';
import { maskingKeyring, memoryVault } from '../../support/fake-keyring';

const KEY = 'vk_live_adapter_1234abcd';
const ORIGIN = 'https://venue.example wss://venue.example';
/** The answer of the GET /key that accepted KEY (asked by the session; the store only keeps it). */
const CHECKED = { venue: 'venue_a', kid: 'k_1', live: true, origin: ORIGIN };

function storeOn(backend: string) {
  const data = new Map<string, unknown>();
  return { keyStore: new VaultKeyStore(memoryVault(maskingKeyring(backend, 0x21), data)), data };
}

describe('VaultKeyStore', () => {
  it('keeps, reads and clears the key through the vault', async () => {
    const { keyStore, data } = storeOn('kwallet6');
    expect(keyStore.fixed).toBe(false);
    await keyStore.set(KEY, CHECKED);
    expect(await keyStore.get()).toBe(KEY);
    expect(keyStore.boundOrigin()).toBe(ORIGIN);
    expect(keyStore.status()).toMatchObject({ hasKey: true, storage: 'encrypted' });
    expect(data.size).toBe(1);
    expect(data.get(VAULT_RECORD_KEY)).toMatchObject({ origin: ORIGIN });
    await keyStore.clear();
    expect(await keyStore.get()).toBeNull();
    expect(keyStore.boundOrigin()).toBeNull();
    expect(data.size).toBe(0);
  });

  it('turns vault refusals into command refusals with the vault code and no key', async () => {
    const { keyStore } = storeOn('basic_text');
    const refusal = await keyStore.set('vk wrong key 77777', CHECKED).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(CommandRefusal);
    expect(refusal).toMatchObject({ code: 'bad_key' });
    expect(String(refusal)).not.toContain('vk wrong key 77777');
    expect(() => keyStore.acceptWeakStorage({ acceptWeakStorage: true })).toThrow(CommandRefusal);
    await keyStore.set(KEY, CHECKED);
    expect(keyStore.status()).toMatchObject({ storage: 'memory-only', persistRefused: 'weak-backend' });
    expect(keyStore.acceptWeakStorage({ acceptWeakStorage: true })).toMatchObject({ storage: 'weak-accepted' });
  });
});
