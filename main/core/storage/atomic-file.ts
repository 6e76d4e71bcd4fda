/**
 * Whole-file replacement that a crash can never leave half done: write a private temp file beside the target,
 * fsync it, rename it over the target, fsync the directory. A reader sees the old content or the new, never a mix.
 */
import { randomBytes } from 'node:crypto';
import { open, rename, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fsyncDirectory } from './fsync-dir';

export interface AtomicWriteOptions {
  /** Permission bits of a newly created file (e.g. 0o600 for private settings). */
  readonly mode?: number;
}

/** Replaces `path` with `data` atomically and durably. The temp file is removed when anything fails. */
export async function writeFileAtomic(path: string, data: string | Buffer, options: AtomicWriteOptions = {}): Promise<void> {
  // Unique per writer, so two processes (or two overlapping saves) never share a temp file.
  const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    const file = await open(temp, 'w', options.mode);
    try {
      await file.writeFile(data);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temp, path);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await fsyncDirectory(dirname(path));
}
