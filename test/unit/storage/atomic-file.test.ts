import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTextOrMissing, writeFileAtomic } from '../../../main/core/storage/atomic-file';
import { fsyncDirectory } from '../../../main/core/storage/fsync-dir';
import { tempDirsAfterEach } from '../../support/temp-dirs';

const freshDir = tempDirsAfterEach('vc-atomic-');

describe('atomic file replacement', () => {
  it('creates, then replaces, and leaves no temp file behind', async () => {
    const dir = await freshDir();
    const path = join(dir, 'state.json');
    await writeFileAtomic(path, '{"v":1}');
    await writeFileAtomic(path, Buffer.from('{"v":2}'));
    expect(await readFile(path, 'utf8')).toBe('{"v":2}');
    expect(await readdir(dir)).toEqual(['state.json']);
  });

  it('gives a new file the requested mode', async () => {
    const dir = await freshDir();
    const path = join(dir, 'private.json');
    await writeFileAtomic(path, '{}', { mode: 0o600 });
    expect((await stat(path)).mode & 0o777).toBe(0o600);
  });

  it('fails cleanly, removing its temp file, when the rename cannot happen', async () => {
    const dir = await freshDir();
    const path = join(dir, 'target');
    // A non-empty directory at the target path: rename(2) refuses to replace it.
    await writeFileAtomic(join(dir, 'keep.json'), 'old');
    await mkdir(join(path, 'inside'), { recursive: true });
    await expect(writeFileAtomic(path, 'new')).rejects.toThrow();
    expect((await readdir(dir)).sort()).toEqual(['keep.json', 'target']);
    expect(await readFile(join(dir, 'keep.json'), 'utf8')).toBe('old');
  });

  it('refuses a missing directory without creating anything', async () => {
    const dir = await freshDir();
    await expect(writeFileAtomic(join(dir, 'missing', 'file'), 'x')).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await readdir(dir)).toEqual([]);
  });

  it('fsyncs a directory, and reports a directory that does not exist', async () => {
    const dir = await freshDir();
    await writeFile(join(dir, 'a'), 'a');
    await expect(fsyncDirectory(dir)).resolves.toBeUndefined();
    await expect(fsyncDirectory(join(dir, 'nope'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('reading a whole small file', () => {
  it('reads what was written, says null for no file, and throws any other failure', async () => {
    const dir = await freshDir();
    const path = join(dir, 'state.json');
    expect(await readTextOrMissing(path)).toBeNull();
    await writeFileAtomic(path, '{"v":1}');
    expect(await readTextOrMissing(path)).toBe('{"v":1}');
    // A folder where the file should be is not "no file": the caller must hear of it.
    await mkdir(join(dir, 'folder.json'));
    await expect(readTextOrMissing(join(dir, 'folder.json'))).rejects.toMatchObject({ code: 'EISDIR' });
  });
});
