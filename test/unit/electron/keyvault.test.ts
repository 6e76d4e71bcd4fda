import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  KeyVault,
  KeyVaultError,
  VAULT_RECORD_KEY,
  type SafeStorageLike,
  type SecretStoreLike,
} from '../../../main/electron/keyvault';
import type { CheckedKey } from '../../../main/core/session/key-check';
import { redactSecret, scrubSecret } from '../../../main/core/venue/redact';

const KEY = 'vk_live_Zq8rT2mN4pX7wK1s';
const OTHER_KEY = 'vk_live_otherKey99887766';

/** A safeStorage stand-in whose ciphertext does not contain the plaintext (bytes reversed and xored). */
class FakeSafeStorage implements SafeStorageLike {
  constructor(
    public backend = 'gnome_libsecret',
    public available = true,
    public rotated = false,
  ) {}
  isEncryptionAvailable(): boolean {
    return this.available;
  }
  getSelectedStorageBackend(): string {
    return this.backend;
  }
  encryptString(plainText: string): Buffer {
    if (!this.available) throw new Error('encryption unavailable');
    return Buffer.from(
      Buffer.from(plainText, 'utf8')
        .reverse()
        .map((byte) => byte ^ 0x5a),
    );
  }
  decryptString(encrypted: Buffer): string {
    if (this.rotated) throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
    return Buffer.from(encrypted.map((byte) => byte ^ 0x5a))
      .reverse()
      .toString('utf8');
  }
}

class FakeStore implements SecretStoreLike {
  readonly data = new Map<string, unknown>();
  get(key: string): unknown {
    return this.data.get(key);
  }
  set(key: string, value: unknown): void {
    this.data.set(key, structuredClone(value));
  }
  delete(key: string): void {
    this.data.delete(key);
  }
}

/** The answer of the GET /key that accepted the key (asked by the session, never by the vault). */
const accepted: CheckedKey = {
  venue: 'venue_rivershore',
  kid: 'k_7f3a',
  live: true,
  origin: 'https://venue.example wss://venue.example',
};

function vaultWith(safeStorage: FakeSafeStorage, store = new FakeStore(), platform: NodeJS.Platform = 'linux') {
  const logs: string[] = [];
  const vault = new KeyVault({
    safeStorage,
    store,
    platform,
    log: (line) => logs.push(line),
  });
  return { vault, store, logs };
}

let consoleLines: string[];
beforeEach(() => {
  consoleLines = [];
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      consoleLines.push(args.map(String).join(' '));
    });
  }
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('KeyVault with a real keyring', () => {
  it('stores the checked key encrypted with its answer, and reads it back in a new run', async () => {
    const safeStorage = new FakeSafeStorage();
    const { vault, store } = vaultWith(safeStorage);
    const status = await vault.setKey(KEY, accepted);
    expect(status).toEqual({
      hasKey: true,
      venue: 'venue_rivershore',
      kid: 'k_7f3a',
      storage: 'encrypted',
      persistRefused: null,
      problem: null,
    });
    expect(JSON.stringify([...store.data])).not.toContain(KEY);

    const nextRun = vaultWith(safeStorage, store).vault;
    expect(nextRun.load()).toMatchObject({ hasKey: true, kid: 'k_7f3a', storage: 'encrypted' });
    expect(nextRun.currentKey()).toBe(KEY);
  });

  it('keeps the answer beside the key, and still reads a record written before keys were bound', async () => {
    const safeStorage = new FakeSafeStorage();
    const { vault, store } = vaultWith(safeStorage);
    await vault.setKey(KEY, accepted);
    expect(store.data.get(VAULT_RECORD_KEY)).toMatchObject({ venue: 'venue_rivershore', kid: 'k_7f3a' });
    expect(vaultWith(safeStorage, store).vault.load()).toMatchObject({ hasKey: true, venue: 'venue_rivershore' });
    const { origin: _dropped, ...older } = store.data.get(VAULT_RECORD_KEY) as Record<string, unknown>;
    store.set(VAULT_RECORD_KEY, older);
    const nextRun = vaultWith(safeStorage, store).vault;
    expect(nextRun.load()).toMatchObject({ hasKey: true, kid: 'k_7f3a', problem: null });
    expect(nextRun.currentKey()).toBe(KEY);
    expect(nextRun.boundOrigin()).toBeNull();
  });

  it('encrypts on Windows and macOS without asking about backends', async () => {
    for (const platform of ['win32', 'darwin'] as const) {
      const { vault } = vaultWith(new FakeSafeStorage('unknown'), new FakeStore(), platform);
      expect((await vault.setKey(KEY, accepted)).storage).toBe('encrypted');
    }
  });

  it('never shows the key in its status', async () => {
    const { vault } = vaultWith(new FakeSafeStorage());
    await vault.setKey(KEY, accepted);
    expect(JSON.stringify(vault.status())).not.toContain(KEY);
  });

  it('removes the key from memory and disk in one action', async () => {
    const { vault, store } = vaultWith(new FakeSafeStorage());
    await vault.setKey(KEY, accepted);
    expect(vault.remove()).toMatchObject({ hasKey: false, venue: null, kid: null, storage: null });
    expect(vault.currentKey()).toBeNull();
    expect(store.data.has(VAULT_RECORD_KEY)).toBe(false);
    expect(vaultWith(new FakeSafeStorage(), store).vault.load().hasKey).toBe(false);
  });

  it('a malformed key changes nothing (a key the venue refuses never reaches the vault: key-check.ts)', async () => {
    const { vault, store } = vaultWith(new FakeSafeStorage());
    await vault.setKey(KEY, accepted);
    const before = structuredClone([...store.data]);
    await expect(vault.setKey('has space in it', accepted)).rejects.toMatchObject({ code: 'bad_key' });
    expect(vault.currentKey()).toBe(KEY);
    expect([...store.data]).toEqual(before);
  });
});

describe('KeyVault on Linux without a keyring (basic_text)', () => {
  it('refuses to store, keeps the key in memory and tells the UI to warn', async () => {
    const { vault, store } = vaultWith(new FakeSafeStorage('basic_text'));
    const status = await vault.setKey(KEY, accepted);
    expect(status).toMatchObject({ hasKey: true, storage: 'memory-only', persistRefused: 'weak-backend' });
    expect(store.data.size).toBe(0);
    expect(vault.currentKey()).toBe(KEY);
  });

  it('stores it only after explicit acceptance, marked as weak', async () => {
    const safeStorage = new FakeSafeStorage('basic_text');
    const { vault, store } = vaultWith(safeStorage);
    await vault.setKey(KEY, accepted);
    const status = vault.acceptWeakStorage({ acceptWeakStorage: true });
    expect(status).toMatchObject({ hasKey: true, storage: 'weak-accepted', persistRefused: null });
    expect(store.data.get(VAULT_RECORD_KEY)).toMatchObject({ protection: 'weak-accepted' });
    expect(JSON.stringify([...store.data])).not.toContain(KEY);
    expect(vaultWith(safeStorage, store).vault.load()).toMatchObject({ hasKey: true, storage: 'weak-accepted' });
  });

  it('refuses acceptance without the flag or without a pending decision', async () => {
    const { vault } = vaultWith(new FakeSafeStorage('basic_text'));
    expect(() => vault.acceptWeakStorage({ acceptWeakStorage: true })).toThrow(KeyVaultError);
    await vault.setKey(KEY, accepted);
    const notConsent = JSON.parse('{"acceptWeakStorage": "yes"}') as { acceptWeakStorage: true };
    expect(() => vault.acceptWeakStorage(notConsent)).toThrow(/explicit acceptance/);
    const strong = vaultWith(new FakeSafeStorage('gnome_libsecret')).vault;
    await strong.setKey(KEY, accepted);
    expect(() => strong.acceptWeakStorage({ acceptWeakStorage: true })).toThrow(/not waiting/);
  });

  it('treats an unknown backend as weak', async () => {
    const { vault } = vaultWith(new FakeSafeStorage('unknown'));
    expect((await vault.setKey(KEY, accepted)).persistRefused).toBe('weak-backend');
  });

  it('a new memory-only key drops an older stored one so it cannot come back', async () => {
    const safeStorage = new FakeSafeStorage('gnome_libsecret');
    const { vault, store } = vaultWith(safeStorage);
    await vault.setKey(KEY, accepted);
    safeStorage.backend = 'basic_text';
    await vault.setKey(OTHER_KEY, accepted);
    expect(store.data.has(VAULT_RECORD_KEY)).toBe(false);
    expect(vault.currentKey()).toBe(OTHER_KEY);
  });
});

describe('KeyVault without any encryption', () => {
  it('keeps the key in memory only and never writes it', async () => {
    const { vault, store } = vaultWith(new FakeSafeStorage('gnome_libsecret', false));
    expect(await vault.setKey(KEY, accepted)).toMatchObject({
      storage: 'memory-only',
      persistRefused: 'encryption-unavailable',
    });
    expect(() => vault.acceptWeakStorage({ acceptWeakStorage: true })).toThrow(KeyVaultError);
    expect(store.data.size).toBe(0);
  });
});

describe('KeyVault reading back bad data', () => {
  it.each([
    ['a malformed record', { version: 1, ciphertext: 42 }],
    [
      'plaintext in the record',
      { version: 1, ciphertext: 'not base64 !', venue: 'v', kid: 'k', protection: 'keyring' },
    ],
  ])('reports %s, holds no key and deletes nothing', (_name, record) => {
    const store = new FakeStore();
    store.set(VAULT_RECORD_KEY, record);
    const { vault } = vaultWith(new FakeSafeStorage(), store);
    const status = vault.load();
    expect(status.hasKey).toBe(false);
    expect(status.problem).toMatch(/enter the key again/);
    expect(store.data.get(VAULT_RECORD_KEY)).toEqual(record);
  });

  it('reports a record the keyring can no longer decrypt', async () => {
    const safeStorage = new FakeSafeStorage();
    const { vault, store } = vaultWith(safeStorage);
    await vault.setKey(KEY, accepted);
    safeStorage.rotated = true;
    const status = vaultWith(safeStorage, store).vault.load();
    expect(status).toMatchObject({ hasKey: false, problem: expect.stringMatching(/could not be decrypted/) });
  });
});

describe('the key never leaks', () => {
  it('is absent from errors, log lines and console output on every path', async () => {
    const safeStorage = new FakeSafeStorage('basic_text');
    const { vault, logs } = vaultWith(safeStorage);
    const rejectedKey = 'vk_rejected_ABCDEFGH';
    const messages: string[] = [];
    // A store that cannot save echoes the key in its error.
    const refusing = new KeyVault({
      safeStorage: new FakeSafeStorage(),
      store: {
        get: () => undefined,
        set: (_name, value) => {
          throw new Error(`cannot write ${JSON.stringify(value)} for Bearer ${rejectedKey}`);
        },
        delete: () => undefined,
      },
      platform: 'linux',
      log: (line) => logs.push(line),
    });
    try {
      await refusing.setKey(rejectedKey, accepted);
    } catch (error) {
      expect(error).toBeInstanceOf(KeyVaultError);
      messages.push(String(error), (error as Error).stack ?? '');
    }
    await vault.setKey(KEY, accepted);
    vault.acceptWeakStorage({ acceptWeakStorage: true });
    const flaky = new KeyVault({
      safeStorage,
      store: new FakeStore(),
      platform: 'linux',
    });
    // An encryption failure whose message echoes the key in other forms.
    safeStorage.encryptString = (plainText) => {
      throw new Error(
        `ws://127.0.0.1:1/v1/live/events?key=${encodeURIComponent(plainText)} closed; ` +
          `Basic ${Buffer.from(plainText).toString('base64')}`,
      );
    };
    safeStorage.available = true;
    safeStorage.backend = 'gnome_libsecret';
    try {
      await flaky.setKey(KEY, accepted);
    } catch (error) {
      messages.push(String(error), (error as Error).stack ?? '');
    }
    vault.remove();

    const everything = [...messages, ...logs, ...consoleLines].join('\n');
    expect(messages.join('')).toContain('[redacted]');
    expect(logs.length).toBeGreaterThan(0);
    for (const secret of [KEY, rejectedKey, encodeURIComponent(KEY), Buffer.from(KEY).toString('base64')]) {
      expect(everything).not.toContain(secret);
    }
  });

  it('redactSecret removes every form of the secret', () => {
    const text = `a ${KEY} b ${encodeURIComponent('k/ey+x==9')} c`;
    expect(redactSecret(text, KEY)).toBe(`a [redacted] b ${encodeURIComponent('k/ey+x==9')} c`);
    expect(redactSecret('key=k%2Fey%2Bx%3D%3D9', 'k/ey+x==9')).toBe('key=[redacted]');
  });
});

describe('scrubSecret', () => {
  it('removes the key from every string of renderer-bound data and keeps the rest', () => {
    const data = { a: [`wss://v/live?key=${encodeURIComponent(KEY)}`, 3, null], b: { c: `x ${KEY} y`, d: true } };
    expect(scrubSecret(data, KEY)).toEqual({
      a: ['wss://v/live?key=[redacted]', 3, null],
      b: { c: 'x [redacted] y', d: true },
    });
  });

  it('returns the very same object when the key is absent', () => {
    const data = { a: 'nothing secret here' };
    expect(scrubSecret(data, KEY)).toBe(data);
    expect(scrubSecret(data, null)).toBe(data);
  });
});
