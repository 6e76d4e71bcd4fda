/**
 * Where the venue key lives. It never leaves main: the renderer only learns whether one is set, how it is kept
 * (storage status) and the venue and kid GET /key reported. The Electron shell implements this with safeStorage;
 * the web runtime takes the key from a key file or VENUE_KEY at start-up (fixed for the process) or keeps a
 * UI-entered one in memory.
 */
import type { KeyStorageStatus, WeakStorageConsent } from '../../../preload/contract';
import type { CheckedKey } from './key-check';

export interface KeyStore {
  get(): Promise<string | null>;
  /**
   * Keeps a key with the answer of the one GET /key that accepted it (key-check.ts); it never asks the venue itself.
   * `checked.origin` (key-origin.ts) is the only origin the key will be sent to.
   */
  set(key: string, checked: CheckedKey): Promise<void>;
  /**
   * The origin the held key was checked against; null when the store does not know it (a key given at start-up
   * without an address, or stored before keys were bound): the session then binds it to the address it started with.
   */
  boundOrigin(): string | null;
  clear(): Promise<void>;
  /** The key was given from outside the app (environment or key file) and the UI may not change it. */
  readonly fixed: boolean;
  /** How the key is kept, for the settings screen; a store without it reports nothing. */
  status?(): KeyStorageStatus;
  /** Saves the held key with weak protection after the operator's explicit consent (stores that can). */
  acceptWeakStorage?(consent: WeakStorageConsent): unknown;
}

/**
 * Only the storage fields of a store's status (a vault's status also carries its own venue and kid, which the session
 * reports from GET /key).
 */
export function keyStorage(store: KeyStore): KeyStorageStatus {
  const status = store.status?.();
  return {
    storage: status?.storage ?? null,
    persistRefused: status?.persistRefused ?? null,
    problem: status?.problem ?? null,
  };
}

/** A key in memory: the web runtime's store, fixed when it came from the environment or a key file. */
export class MemoryKeyStore implements KeyStore {
  constructor(
    private key: string | null = null,
    readonly fixed = false,
    private origin: string | null = null,
  ) {}

  async get(): Promise<string | null> {
    return this.key;
  }

  /** The key right now, for the web runtime's redaction (never for sending). */
  current(): string | null {
    return this.key;
  }

  boundOrigin(): string | null {
    return this.origin;
  }

  async set(key: string, checked: CheckedKey): Promise<void> {
    if (this.fixed) throw new Error('The key was given at start-up and cannot be changed here.');
    this.key = key;
    this.origin = checked.origin;
  }

  async clear(): Promise<void> {
    if (this.fixed) throw new Error('The key was given at start-up and cannot be removed here.');
    this.key = null;
    this.origin = null;
  }

  /** Never written anywhere: memory-only while a key is held. */
  status(): KeyStorageStatus {
    return { storage: this.key === null ? null : 'memory-only', persistRefused: null, problem: null };
  }
}
