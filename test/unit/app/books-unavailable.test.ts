/**
 * Books that cannot be opened at the start (their folder unusable, a full disk at the very first start) leave the
 * app running: the table and settings still read, every screen says what is wrong, and no PIN is checked.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSession, type Session } from '../../../main/core/session';
import { MemoryKeyStore } from '../../../main/core/session/key-store';
import { MemorySettingsStore } from '../../../main/core/session/settings-store';
import { defaultSettings } from '../../../preload/contract/settings';
import { FakeLiveFeed, fakeFeedFactory } from '../../support/web-fake-feed';

let session: Session | null = null;
const dirs: string[] = [];
afterEach(async () => {
  await session?.close();
  session = null;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('books that cannot be opened', () => {
  it('start the app anyway, say so on screen, and check no PIN', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vc-no-books-'));
    dirs.push(dataDir);
    // Where the books' folder should be, a file: nothing can be kept there.
    const witnessDir = join(dataDir, 'not-a-folder');
    writeFileSync(witnessDir, 'x');
    session = await createSession({
      dataDir,
      settingsStore: new MemorySettingsStore({
        ...defaultSettings,
        venueBaseUrl: 'http://127.0.0.1:9/v1',
        operatorPin: true,
      }),
      keyStore: new MemoryKeyStore('vk_test_0123456789abcdef', true),
      openLive: fakeFeedFactory(new FakeLiveFeed()),
      books: { witnessDir },
      log: () => undefined,
    });
    await session.started;
    const books = session.snapshot().cashier.books;
    expect(books?.verified).toBe(false);
    expect(books?.damage.map((entry) => entry.what).join(' ')).toMatch(/event log could not be opened/);
    expect(
      await session.invoke('settings:update', [{ paperSize: 'a4' }, { operator: 'Ana', pin: '4821' }]),
    ).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('operator records could not be opened') },
    });
  });
});
