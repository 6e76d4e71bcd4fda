/**
 * How the venue key is kept, as the settings screen shows it, and the warning text shown before weak storage.
 * Zod-free and import-free so the renderer bundle can show the same words main's key vault decides on.
 */

/**
 * How the current key is kept: encrypted by the OS keyring, in memory until quit, or saved after accepting weak
 * protection.
 */
export type KeyStorage = 'encrypted' | 'memory-only' | 'weak-accepted';

/** Why a checked key was not written to disk. `weak-backend`: show WEAK_STORAGE_WARNING and offer weak storage. */
export type PersistRefusal = 'weak-backend' | 'encryption-unavailable';

/** What a key store reports about its key (never the key). */
export interface KeyStorageStatus {
  readonly storage: KeyStorage | null;
  readonly persistRefused: PersistRefusal | null;
  /** A stored key that could not be read back (keyring locked or changed, corrupt file); nothing was deleted. */
  readonly problem: string | null;
}

/** The plain warning the UI shows before the operator may accept weak storage. */
export const WEAK_STORAGE_WARNING =
  'This computer has no keyring (the "basic_text" backend). If the key is saved, anyone who can read your ' +
  'user files can recover it and move money at this venue. Without saving, the key is kept only until the ' +
  'app quits and must be entered again next time.';
