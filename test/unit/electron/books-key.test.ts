import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BOOKS_KEY_ENTRY, secureBooksKey } from '../../../main/electron/books-key';
import type { SafeStorageLike, SecretStoreLike } from '../../../main/electron/keyvault';

/** A keyring stand-in whose "encryption" is reversible but not the identity (the stored text is not the key). */
function fakeSafeStorage(backend = 'gnome_libsecret'): SafeStorageLike {
  return {
    isEncryptionAvailable: () => true,
    getSelectedStorageBackend: () => backend,
    encryptString: (text) => Buffer.from([...Buffer.from(text)].map((byte) => byte ^ 0x5a)),
    decryptString: (data) => Buffer.from([...data].map((byte) => byte ^ 0x5a)).toString(),
  };
}

function mapStore(): SecretStoreLike & { readonly values: Map<string, unknown> } {
  const values = new Map<string, unknown>();
  return {
    values,
    get: (key) => values.get(key),
    set: (key, value) => values.set(key, value),
    delete: (key) => values.delete(key),
  };
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the desktop books key', () => {
  it('is made once, kept encrypted by the keyring in the vault store, and read back the same', async () => {
    const store = mapStore();
    const source = secureBooksKey(fakeSafeStorage(), store, '/nonexistent-witness', 'linux');
    expect(source.where).toBe('the OS secure storage');
    const first = await source.load();
    expect(first.created).toBe(true);
    expect(first.key).toHaveLength(32);
    const stored = String(store.values.get(BOOKS_KEY_ENTRY));
    expect(stored).not.toContain(first.key.toString('hex'));
    const again = await secureBooksKey(fakeSafeStorage(), store, '/nonexistent-witness', 'linux').load();
    expect(again).toEqual({ key: first.key, created: false });
  });

  it('without a real keyring (basic_text) goes to a 0600 key file beside the witness, and says so', async () => {
    const witness = mkdtempSync(join(tmpdir(), 'vc-books-key-'));
    dirs.push(witness);
    const store = mapStore();
    const source = secureBooksKey(fakeSafeStorage('basic_text'), store, witness, 'linux');
    expect(source.where).toContain('no OS keyring');
    const made = await source.load();
    expect(made.created).toBe(true);
    expect(store.values.size).toBe(0);
    expect(statSync(join(witness, 'books.key')).mode & 0o777).toBe(0o600);
  });

  it('a read-only check never makes a key', async () => {
    const source = secureBooksKey(fakeSafeStorage(), mapStore(), '/nonexistent-witness', 'linux');
    await expect(source.load(false)).rejects.toThrow(/cannot be verified/);
  });
});
