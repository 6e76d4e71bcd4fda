/**
 * The session's KeyStore backed by the key vault: what the core session calls to keep, read and forget
 * the key in the desktop shell. Vault refusals become CommandRefusals so their code reaches the UI.
 */
import { CommandRefusal } from '../core/session/command-error';
import type { CheckedKey } from '../core/session/key-check';
import type { KeyStore } from '../core/session/key-store';
import { KeyVaultError, type KeyVault, type KeyVaultStatus } from './keyvault';

function asRefusal(error: unknown): unknown {
  return error instanceof KeyVaultError ? new CommandRefusal(error.code, error.message) : error;
}

/** KeyStore over a KeyVault; the key is never fixed in the desktop shell (the UI may change it). */
export class VaultKeyStore implements KeyStore {
  readonly fixed = false;

  constructor(private readonly vault: KeyVault) {}

  async get(): Promise<string | null> {
    return this.vault.currentKey();
  }

  /** Keeps a key the session checked (one GET /key: `checked`), with that answer. */
  async set(key: string, checked: CheckedKey): Promise<void> {
    try {
      await this.vault.setKey(key, checked);
    } catch (error) {
      throw asRefusal(error);
    }
  }

  async clear(): Promise<void> {
    try {
      this.vault.remove();
    } catch (error) {
      throw asRefusal(error);
    }
  }

  boundOrigin(): string | null {
    return this.vault.boundOrigin();
  }

  /** Storage details for the settings screen (never the key). */
  status(): KeyVaultStatus {
    return this.vault.status();
  }

  /** The operator's explicit consent to weak storage (Linux without a keyring). */
  acceptWeakStorage(consent: { readonly acceptWeakStorage: true }): KeyVaultStatus {
    try {
      return this.vault.acceptWeakStorage(consent);
    } catch (error) {
      throw asRefusal(error);
    }
  }
}
