/**
 * Whole-file replacement that a crash can never leave half done: write a private temp file beside the target,
 * fsync it, rename it over the target, fsync the directory. A reader sees the old content or the new, never a mix.
 * The temp is created exclusively under a random name (0600 unless told otherwise) and never through a symlink.
 * And the read every such small file starts with, where a missing file means none was written yet.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { diskHealth } from './disk-space';
import { fsyncDirectory } from './fsync-dir';
import { nodeStorageFs, OPEN_FLAGS, PRIVATE_FILE_MODE, UnsafeStorageError, type StorageFs } from './storage-fs';

export interface AtomicWriteOptions {
  /** Permission bits of the new file (default 0o600: the data folder is private). */
  readonly mode?: number;
  /** The file system (default node:fs). */
  readonly fs?: StorageFs;
}

/** Replaces `path` with `data` atomically and durably. The temp file is removed when anything fails. */
export async function writeFileAtomic(
  path: string,
  data: string | Buffer,
  options: AtomicWriteOptions = {},
): Promise<void> {
  const fs = options.fs ?? nodeStorageFs;
  // Unique per writer, so two processes (or two overlapping saves) never share a temp file.
  const temp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const target = await fs.lstat(path).catch(() => null);
  // rename() would replace a planted symlink rather than write through it, but refusing says what is wrong.
  if (target?.isSymbolicLink() === true) throw new UnsafeStorageError(path, 'it is a symbolic link');
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  let created = false;
  try {
    const file = await fs.open(temp, OPEN_FLAGS.createNew, options.mode ?? PRIVATE_FILE_MODE);
    created = true;
    try {
      let written = 0;
      while (written < bytes.length)
        written += (await file.write(bytes, written, bytes.length - written, written)).bytesWritten;
      await file.sync();
    } finally {
      await file.close();
    }
    await fs.rename(temp, path);
  } catch (error) {
    if (created) await fs.unlink(temp).catch(() => undefined);
    diskHealth.failed(basename(path), error);
    throw error;
  }
  diskHealth.wrote();
  await fsyncDirectory(dirname(path), fs);
}

/**
 * The text of the whole file at `path`, or null when there is no such file (nothing was written yet). Any other
 * failure (no permission, a folder in its place, a failing disk) is thrown for the caller to word.
 */
export async function readTextOrMissing(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
