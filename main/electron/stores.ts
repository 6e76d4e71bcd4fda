/**
 * The on-disk stores of the desktop shell, all under the app's userData directory. The key vault's file
 * is created and rewritten with mode 0600; it is never cleared on a read error (that would silently lose
 * the key), while the window state is unimportant and is. The store class (electron-store in the app) is
 * injected: importing electron-store outside Electron would try to fetch the Electron binary.
 */
import type { SecretStoreLike } from './keyvault';
import type { StateStore } from './window-state';

/** File name (without .json) of the encrypted key record. */
export const VAULT_STORE_NAME = 'key-vault';
/** File name (without .json) of window geometry and the monitor's display. */
export const STATE_STORE_NAME = 'window-state';

/** The electron-store options this module uses. */
export interface StoreOptions {
  readonly name: string;
  readonly cwd: string;
  readonly configFileMode?: number;
  readonly clearInvalidConfig: boolean;
}

/** Creates a store, e.g. `(options) => new Store(options)` with electron-store. May throw on a corrupt file. */
export type CreateStore = (options: StoreOptions) => SecretStoreLike & StateStore;

/** Options of the vault store: owner-only file, never cleared behind our back. */
export function vaultStoreOptions(directory: string): StoreOptions {
  return { name: VAULT_STORE_NAME, cwd: directory, configFileMode: 0o600, clearInvalidConfig: false };
}

/** A vault store whose file could not be read: reads find nothing, writes refuse with a plain reason. */
class UnreadableStore implements SecretStoreLike {
  constructor(private readonly reason: string) {}
  get(): unknown {
    return undefined;
  }
  set(): void {
    throw new Error(this.reason);
  }
  delete(): void {
    throw new Error(this.reason);
  }
}

/** The key vault's store (mode 0600), or a refusing stand-in plus the reason when its file is corrupt. */
export function openVaultStore(
  directory: string,
  createStore: CreateStore,
): { store: SecretStoreLike; problem: string | null } {
  try {
    return { store: createStore(vaultStoreOptions(directory)), problem: null };
  } catch (error) {
    const what = error instanceof Error ? error.name : 'error';
    const reason = `The key store file ${VAULT_STORE_NAME}.json is unreadable (${what}); it was left untouched.`;
    return { store: new UnreadableStore(reason), problem: reason };
  }
}

/** The window-state store; a corrupt file is simply started afresh. */
export function openStateStore(directory: string, createStore: CreateStore): StateStore {
  return createStore({ name: STATE_STORE_NAME, cwd: directory, clearInvalidConfig: true });
}
