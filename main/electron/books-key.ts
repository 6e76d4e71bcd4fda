/**
 * The books key of the desktop app, kept by the OS secure storage (safeStorage) in the vault's store file, apart from
 * the data folder (the books' witness is beside it: main/core/storage/books.ts). Without a working keyring the key
 * goes to a 0600 file in the witness folder instead, and `where` says so: the books stay sealed either way, and a
 * copy of the data folder alone never carries the key.
 */
import { randomBytes } from 'node:crypto';
import { keyFileSource, type BooksKeySource } from '../core/storage/books';
import type { SafeStorageLike, SecretStoreLike } from './keyvault';

/** The store entry holding the encrypted books key (base64). */
export const BOOKS_KEY_ENTRY = 'booksKey';

/** True when safeStorage really encrypts (not Linux's `basic_text`, whose password is fixed and public). */
function keyringWorks(safeStorage: SafeStorageLike): boolean {
  return safeStorage.isEncryptionAvailable() && safeStorage.getSelectedStorageBackend() !== 'basic_text';
}

export function secureBooksKey(
  safeStorage: SafeStorageLike,
  store: SecretStoreLike,
  witnessDir: string,
  platform: NodeJS.Platform = process.platform,
): BooksKeySource {
  const usable = platform !== 'linux' ? safeStorage.isEncryptionAvailable() : keyringWorks(safeStorage);
  if (!usable) {
    const file = keyFileSource(witnessDir);
    return { where: `${file.where} (no OS keyring on this PC)`, load: (create) => file.load(create) };
  }
  return {
    where: 'the OS secure storage',
    async load(create = true) {
      const held = store.get(BOOKS_KEY_ENTRY);
      if (typeof held === 'string') {
        const key = Buffer.from(safeStorage.decryptString(Buffer.from(held, 'base64')), 'hex');
        if (key.length !== 32) throw new Error('The books key in the OS secure storage is not one this app wrote.');
        return { key, created: false };
      }
      if (!create) throw new Error('No books key in the OS secure storage: these books cannot be verified here.');
      const key = randomBytes(32);
      store.set(BOOKS_KEY_ENTRY, safeStorage.encryptString(key.toString('hex')).toString('base64'));
      return { key, created: true };
    },
  };
}
