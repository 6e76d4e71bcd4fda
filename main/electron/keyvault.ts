/**
 * The venue API key, kept encrypted by the OS keyring (safeStorage) in its own store file, with the answer of the
 * one GET /key that accepted it (asked by the session where the key was entered; the vault never asks the venue).
 * It refuses rather than degrades (ARCHITECTURE.md "Secrets refuse rather than degrade"): on Linux without a
 * keyring (`basic_text`, whose "encryption" uses a fixed password) the key stays in memory until quit unless the
 * operator explicitly accepts weak storage after a plain warning. The key itself never leaves this module except
 * to the session's venue client; every message is redacted.
 */
import { z } from 'zod';
import type { KeyStorage, PersistRefusal } from '../../preload/contract/key-storage';
import type { CheckedKey } from '../core/session/key-check';
import { describeError, redactSecret } from '../core/venue/redact';

/** The part of Electron's safeStorage the vault uses. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  getSelectedStorageBackend(): string;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

/** A key/value store such as electron-store (created with `configFileMode: 0o600`). */
export interface SecretStoreLike {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

// The storage words and the warning are part of the contract: the renderer shows them without importing main.
export { WEAK_STORAGE_WARNING, type KeyStorage, type PersistRefusal } from '../../preload/contract/key-storage';

/** What the renderer may know: never the key. */
export interface KeyVaultStatus {
  readonly hasKey: boolean;
  readonly venue: string | null;
  readonly kid: string | null;
  readonly storage: KeyStorage | null;
  /** Set while the key is memory-only because storing it was refused; `weak-backend` means: show the warning. */
  readonly persistRefused: PersistRefusal | null;
  /** A stored key that could not be read back (keyring locked or changed, corrupt file); nothing was deleted. */
  readonly problem: string | null;
}

/** A refusal from the vault; its message never contains the key. */
export class KeyVaultError extends Error {
  constructor(
    readonly code: 'bad_key' | 'no_key' | 'not_applicable' | 'encryption_unavailable' | 'store_unavailable',
    message: string,
  ) {
    super(message);
    this.name = 'KeyVaultError';
  }
}

/** The store key of the one record. */
export const VAULT_RECORD_KEY = 'venueKey';

const VaultRecordSchema = z.object({
  version: z.literal(1),
  /** base64 of safeStorage's ciphertext. */
  ciphertext: z
    .string()
    .min(1)
    .regex(/^[A-Za-z0-9+/]+=*$/),
  venue: z.string(),
  kid: z.string(),
  protection: z.enum(['keyring', 'weak-accepted']),
  /**
   * The venue origins the key was checked against (session/key-origin.ts); absent in records written before keys were
   * bound.
   */
  origin: z.string().optional(),
});
type VaultRecord = z.infer<typeof VaultRecordSchema>;

/** Same bounds as the contract: a bearer credential with no whitespace. */
const KeySchema = z.string().min(8).max(512).regex(/^\S+$/);

/** Linux keyring backends that actually protect a secret; anything else is treated as weak. */
const STRONG_LINUX_BACKENDS = new Set(['gnome_libsecret', 'kwallet', 'kwallet5', 'kwallet6']);

export interface KeyVaultDeps {
  readonly safeStorage: SafeStorageLike;
  readonly store: SecretStoreLike;
  /** `process.platform`; the backend question exists on Linux only. */
  readonly platform: NodeJS.Platform;
  /** Main-process log; lines are already redacted. */
  readonly log?: (line: string) => void;
  /** Why the store could not be opened, if it could not (shown in the status until a key is set). */
  readonly storeProblem?: string | null;
}

interface HeldKey {
  readonly key: string;
  readonly origin: string | null;
  readonly venue: string;
  readonly kid: string;
  readonly storage: KeyStorage;
  readonly persistRefused: PersistRefusal | null;
}

/** The key vault. One instance per app run. */
export class KeyVault {
  readonly #deps: KeyVaultDeps;
  readonly #log: (line: string) => void;
  #held: HeldKey | null = null;
  #problem: string | null = null;

  constructor(deps: KeyVaultDeps) {
    this.#deps = deps;
    this.#log = deps.log ?? ((line) => console.info(line));
    this.#problem = deps.storeProblem ?? null;
  }

  /** Reads the stored key, if any. A record that cannot be read is reported and left in place. */
  load(): KeyVaultStatus {
    const raw = this.#deps.store.get(VAULT_RECORD_KEY);
    if (raw === undefined) return this.status();
    const parsed = VaultRecordSchema.safeParse(raw);
    if (!parsed.success) {
      this.#problem = 'The stored key record is malformed; enter the key again.';
      this.#log('[keyvault] stored record is malformed; ignoring it');
      return this.status();
    }
    const record = parsed.data;
    let key: string;
    try {
      key = this.#deps.safeStorage.decryptString(Buffer.from(record.ciphertext, 'base64'));
    } catch (error) {
      this.#problem = 'The stored key could not be decrypted (keyring locked or changed); enter the key again.';
      this.#log(`[keyvault] decrypt failed: ${describeError(error, null)}`);
      return this.status();
    }
    if (!KeySchema.safeParse(key).success) {
      this.#problem = 'The stored key decrypted to something that is not a key; enter the key again.';
      this.#log('[keyvault] decrypted record is not a key');
      return this.status();
    }
    const storage: KeyStorage = record.protection === 'keyring' ? 'encrypted' : 'weak-accepted';
    this.#held = {
      key,
      origin: record.origin ?? null,
      venue: record.venue,
      kid: record.kid,
      storage,
      persistRefused: null,
    };
    this.#problem = null;
    this.#log(`[keyvault] loaded key ${record.kid} for venue ${record.venue} (${storage})`);
    return this.status();
  }

  /** What the renderer may see. */
  status(): KeyVaultStatus {
    const held = this.#held;
    return {
      hasKey: held !== null,
      venue: held?.venue ?? null,
      kid: held?.kid ?? null,
      storage: held?.storage ?? null,
      persistRefused: held?.persistRefused ?? null,
      problem: this.#problem,
    };
  }

  /** The key itself, for the session's venue client only. */
  currentKey(): string | null {
    return this.#held?.key ?? null;
  }

  /** The venue origins the held key was checked against; null when unknown (a record from before keys were bound). */
  boundOrigin(): string | null {
    return this.#held?.origin ?? null;
  }

  /** Removes any secret this vault knows from a text (for log lines and crash output elsewhere in main). */
  redact(text: string): string {
    return redactSecret(text, this.currentKey());
  }

  /**
   * Keeps a key that GET /key accepted (`checked`: its answer, kept beside it). It is written to disk only when the
   * keyring is strong; otherwise it is held in memory and the status says why (`weak-backend`: show
   * WEAK_STORAGE_WARNING and offer `acceptWeakStorage`). A malformed key changes nothing.
   */
  async setKey(candidate: string, checked: Pick<CheckedKey, 'venue' | 'kid' | 'origin'>): Promise<KeyVaultStatus> {
    if (!KeySchema.safeParse(candidate).success) {
      throw new KeyVaultError('bad_key', 'A key is 8 to 512 characters with no spaces.');
    }
    const refusal = this.#persistRefusal();
    if (refusal === null) {
      this.#write(candidate, checked, 'keyring');
    } else {
      // A previously stored key must not come back on the next start in place of the one just entered.
      this.#eraseRecord();
    }
    this.#held = {
      key: candidate,
      origin: checked.origin,
      venue: checked.venue,
      kid: checked.kid,
      storage: refusal === null ? 'encrypted' : 'memory-only',
      persistRefused: refusal,
    };
    this.#problem = null;
    this.#log(`[keyvault] key ${checked.kid} for venue ${checked.venue} kept (${this.#held.storage})`);
    return this.status();
  }

  /**
   * The operator read the warning and wants the key saved anyway on a keyring-less Linux. Only valid
   * while a key is held memory-only for exactly that reason; plaintext is never written.
   */
  acceptWeakStorage(consent: { readonly acceptWeakStorage: true }): KeyVaultStatus {
    const held = this.#held;
    if (consent.acceptWeakStorage !== true) {
      throw new KeyVaultError('not_applicable', 'Weak storage needs explicit acceptance.');
    }
    if (held === null) throw new KeyVaultError('no_key', 'There is no key to save.');
    if (held.persistRefused !== 'weak-backend') {
      throw new KeyVaultError('not_applicable', 'The key is not waiting for a weak-storage decision.');
    }
    if (!this.#deps.safeStorage.isEncryptionAvailable()) {
      throw new KeyVaultError('encryption_unavailable', 'Encryption is unavailable; the key stays in memory only.');
    }
    this.#write(held.key, held, 'weak-accepted');
    this.#held = { ...held, storage: 'weak-accepted', persistRefused: null };
    this.#log(`[keyvault] operator accepted weak storage for key ${held.kid}`);
    return this.status();
  }

  /** Forgets the key: memory and disk, in one action. */
  remove(): KeyVaultStatus {
    const kid = this.#held?.kid ?? null;
    // Memory first: even if the disk refuses, the key stops being used now.
    this.#held = null;
    this.#problem = null;
    this.#eraseRecord();
    this.#log(kid === null ? '[keyvault] removed (no key was held)' : `[keyvault] removed key ${kid}`);
    return this.status();
  }

  #persistRefusal(): PersistRefusal | null {
    const { safeStorage, platform } = this.#deps;
    if (!safeStorage.isEncryptionAvailable()) return 'encryption-unavailable';
    if (platform === 'linux' && !STRONG_LINUX_BACKENDS.has(safeStorage.getSelectedStorageBackend())) {
      return 'weak-backend';
    }
    return null;
  }

  #write(
    key: string,
    checked: Pick<CheckedKey, 'venue' | 'kid'> & { readonly origin: string | null },
    protection: VaultRecord['protection'],
  ): void {
    let ciphertext: string;
    try {
      ciphertext = this.#deps.safeStorage.encryptString(key).toString('base64');
    } catch (error) {
      throw new KeyVaultError('encryption_unavailable', `Encrypting the key failed (${describeError(error, key)}).`);
    }
    const record: VaultRecord = {
      version: 1,
      ciphertext,
      venue: checked.venue,
      kid: checked.kid,
      protection,
      ...(checked.origin === null ? {} : { origin: checked.origin }),
    };
    try {
      this.#deps.store.set(VAULT_RECORD_KEY, record);
    } catch (error) {
      throw new KeyVaultError('store_unavailable', `Saving the key failed (${describeError(error, key)}).`);
    }
  }

  #eraseRecord(): void {
    try {
      this.#deps.store.delete(VAULT_RECORD_KEY);
    } catch (error) {
      throw new KeyVaultError(
        'store_unavailable',
        `Erasing the stored key failed (${describeError(error, this.currentKey())}).`,
      );
    }
  }
}
