/**
 * The data folder's rules, so that another user of the machine can neither read the journal nor plant a file or a
 * symlink the app would resume or write through: folders 0700, files 0600, temp files exclusive, no symlink
 * followed, and a folder someone else owns or may write into refused. Runs as any user; the foreign owner is uid
 * 65534 (needs root to chown, so that case is skipped for an ordinary user).
 */
import {
  chmodSync,
  chownSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openJournal, readJournal, JOURNAL_FILE } from '../../../main/core/cashier/journal';
import { writeFileAtomic } from '../../../main/core/storage/atomic-file';
import { FramedLog } from '../../../main/core/storage/framed-log';
import { ensurePrivateDir } from '../../../main/core/storage/private-dir';
import { UnsafeStorageError } from '../../../main/core/storage/storage-fs';
import { movementFixture } from '../../support/cashier-fixtures';
import { tempDataDir } from '../../support/cashier-harness';
import { cleanupsAfterEach } from '../../support/cleanups-after-each';

const cleanups = cleanupsAfterEach();

function freshDir(): string {
  const temp = tempDataDir('data-rules-');
  cleanups.push(temp.remove);
  return temp.dir;
}

const mode = (path: string): number => lstatSync(path).mode & 0o777;
const posix = process.platform !== 'win32';
const root = process.getuid?.() === 0;

describe.runIf(posix)('data folder rules', () => {
  it('creates folders 0700 and the journal 0600', async () => {
    const base = freshDir();
    const dir = join(base, 'venues', 'v-1', 'cashier');
    const journal = await openJournal(dir);
    await journal.append(movementFixture());
    await journal.compact([movementFixture({ state: 'applied' })]);
    await journal.close();
    expect(mode(join(base, 'venues'))).toBe(0o700);
    expect(mode(join(base, 'venues', 'v-1'))).toBe(0o700);
    expect(mode(dir)).toBe(0o700);
    expect(mode(join(dir, JOURNAL_FILE))).toBe(0o600);
    // The compaction's temp is gone; only the journal remains (the lock is an abstract socket or a socket file).
    expect(readdirSync(dir).filter((name) => name.includes('.tmp'))).toEqual([]);
  });

  it('writes whole files 0600 through an exclusive temp', async () => {
    const dir = freshDir();
    await writeFileAtomic(join(dir, 'live.json'), '{}');
    expect(mode(join(dir, 'live.json'))).toBe(0o600);
  });

  it('refuses a symlink planted in place of the journal, and writes nothing through it', async () => {
    const dir = freshDir();
    const target = join(dir, 'elsewhere.log');
    writeFileSync(target, 'precious\n');
    const journalDir = join(dir, 'cashier');
    mkdirSync(journalDir, { mode: 0o700 });
    symlinkSync(target, join(journalDir, JOURNAL_FILE));
    await expect(openJournal(journalDir)).rejects.toThrow(/symbolic link/);
    await expect(openJournal(journalDir)).rejects.toBeInstanceOf(UnsafeStorageError);
    await expect(readJournal(journalDir)).rejects.toBeInstanceOf(UnsafeStorageError);
    expect(readFileSync(target, 'utf8')).toBe('precious\n');
    // A dangling link (the target does not exist yet) is refused too, and nothing is created at its target.
    const dangling = join(dir, 'dangling');
    mkdirSync(dangling, { mode: 0o700 });
    symlinkSync(join(dir, 'would-be-created.log'), join(dangling, JOURNAL_FILE));
    await expect(openJournal(dangling)).rejects.toBeInstanceOf(UnsafeStorageError);
    expect(() => statSync(join(dir, 'would-be-created.log'))).toThrow();
  });

  it(
    'removes, never follows, a symlink planted where an old compaction temp ' +
      'would be; writes no whole file through one',
    async () => {
      const dir = freshDir();
      const target = join(dir, 'elsewhere');
      writeFileSync(target, 'precious\n');
      symlinkSync(target, join(dir, 'log.compact.tmp'));
      const { log } = await FramedLog.open(join(dir, 'log'));
      await log.append(['{"a":1}']);
      await log.rewrite(['{"a":2}']);
      await log.close();
      expect(readFileSync(target, 'utf8')).toBe('precious\n');
      expect(readdirSync(dir).sort()).toEqual(['elsewhere', 'log']);
      symlinkSync(target, join(dir, 'settings.json'));
      await expect(writeFileAtomic(join(dir, 'settings.json'), '{}')).rejects.toBeInstanceOf(UnsafeStorageError);
      expect(readFileSync(target, 'utf8')).toBe('precious\n');
    },
  );

  it('refuses a data folder others may write into', async () => {
    const dir = freshDir();
    const shared = join(dir, 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o777);
    await expect(openJournal(shared)).rejects.toThrow(/other users may write into the folder \(mode 777\)/);
    expect(readdirSync(shared)).toEqual([]);
    chmodSync(shared, 0o770);
    await expect(ensurePrivateDir(shared)).rejects.toBeInstanceOf(UnsafeStorageError);
    // A folder only its owner may write (an earlier version made them 0755) is kept, and closed to other users.
    chmodSync(shared, 0o755);
    await ensurePrivateDir(shared);
    expect(mode(shared)).toBe(0o700);
  });

  it('closes a journal an earlier version left readable by others (0644) to 0600 when it opens it', async () => {
    const dir = freshDir();
    const journal = await openJournal(dir);
    await journal.append(movementFixture());
    await journal.close();
    chmodSync(join(dir, JOURNAL_FILE), 0o644);
    const reopened = await openJournal(dir);
    await reopened.close();
    expect(mode(join(dir, JOURNAL_FILE))).toBe(0o600);
  });

  it(
    'refuses a private data folder inside a folder other users may write into ' + '(they could swap it for theirs)',
    async () => {
      const dir = freshDir();
      const shared = join(dir, 'shared');
      mkdirSync(shared);
      chmodSync(shared, 0o777);
      const data = join(shared, 'data');
      mkdirSync(data, { mode: 0o700 });
      await expect(openJournal(data)).rejects.toThrow(/other users may write into the folder \(mode 777\)/);
      await expect(openJournal(join(data, 'venues', 'v-1'))).rejects.toBeInstanceOf(UnsafeStorageError);
      expect(readdirSync(data)).toEqual([]);
      // The same shared folder made sticky (like /tmp): others may not rename or remove what is ours in it.
      chmodSync(shared, 0o1777);
      await ensurePrivateDir(data);
    },
  );

  it('follows a symlinked parent folder to check where the data folder really is', async () => {
    const dir = freshDir();
    const shared = join(dir, 'shared');
    mkdirSync(join(shared, 'data'), { recursive: true, mode: 0o700 });
    chmodSync(shared, 0o777);
    const home = join(dir, 'home');
    mkdirSync(home, { mode: 0o700 });
    symlinkSync(shared, join(home, 'link'));
    await expect(ensurePrivateDir(join(home, 'link', 'data'))).rejects.toThrow(
      /other users may write into the folder \(mode 777\)/,
    );
    await expect(ensurePrivateDir(join(home, 'link', 'new'))).rejects.toBeInstanceOf(UnsafeStorageError);
    expect(readdirSync(shared)).toEqual(['data']);
    // A symlinked parent leading to a folder only this user controls is fine (macOS's /tmp -> /private/tmp).
    chmodSync(shared, 0o700);
    await ensurePrivateDir(join(home, 'link', 'data'));
    await ensurePrivateDir(join(home, 'link', 'new'));
  });

  it.runIf(root)('refuses a private data folder inside a folder another user owns', async () => {
    const dir = freshDir();
    const foreign = join(dir, 'foreign');
    mkdirSync(join(foreign, 'data'), { recursive: true, mode: 0o700 });
    chmodSync(foreign, 0o755);
    chownSync(foreign, 65534, 65534);
    await expect(ensurePrivateDir(join(foreign, 'data'))).rejects.toThrow(/belongs to another user \(uid 65534/);
  });

  it.runIf(root)('refuses a data folder owned by another user, writing nothing in it', async () => {
    const dir = freshDir();
    const foreign = join(dir, 'foreign');
    mkdirSync(foreign, { mode: 0o700 });
    chownSync(foreign, 65534, 65534);
    await expect(openJournal(foreign)).rejects.toThrow(/belongs to another user \(uid 65534/);
    expect(readdirSync(foreign)).toEqual([]);
    // Nor are the journal's folders created inside it: another user could swap them.
    chmodSync(foreign, 0o755);
    await expect(openJournal(join(foreign, 'venues', 'v-1', 'cashier'))).rejects.toThrow(/belongs to another user/);
    expect(readdirSync(foreign)).toEqual([]);
  });

  it('refuses a symlink in place of a data folder', async () => {
    const dir = freshDir();
    mkdirSync(join(dir, 'real'), { mode: 0o700 });
    symlinkSync(join(dir, 'real'), join(dir, 'link'));
    await expect(openJournal(join(dir, 'link'))).rejects.toThrow(/symbolic link/);
    expect(readdirSync(join(dir, 'real'))).toEqual([]);
  });
});
