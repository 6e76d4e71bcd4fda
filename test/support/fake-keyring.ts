/**
 * The OS keyring and the vault's record store, as the desktop vault's tests stand them in: a keyring that is
 * available on a named backend and "encrypts" with a byte mask (reversible, and never the key in clear on the
 * store), and a Linux vault over a record store in memory.
 */
import { KeyVault, type SafeStorageLike } from '../../main/electron/keyvault';

/** A keyring on `backend` whose ciphertext is each byte of the text XOR `mask`. */
export function maskingKeyring(backend: string, mask = 0x42): SafeStorageLike {
  const masked = (bytes: Buffer): Buffer => Buffer.from(bytes.map((byte) => byte ^ mask));
  return {
    isEncryptionAvailable: () => true,
    getSelectedStorageBackend: () => backend,
    encryptString: (text) => masked(Buffer.from(text, 'utf8')),
    decryptString: (bytes) => masked(bytes).toString('utf8'),
  };
}

/** A vault on Linux over `saved` (records by name, in memory), logging nothing. */
export function memoryVault(safeStorage: SafeStorageLike, saved = new Map<string, unknown>()): KeyVault {
  return new KeyVault({
    safeStorage,
    store: {
      get: (name) => saved.get(name),
      set: (name, value) => void saved.set(name, value),
      delete: (name) => void saved.delete(name),
    },
    platform: 'linux',
    log: () => undefined,
  });
}
