/**
 * Makes a directory entry durable. A new file or a rename is on disk only once its directory is fsynced too;
 * platforms that cannot open a directory for syncing (Windows) make renames durable themselves, so their refusal
 * codes are not errors.
 */
import { open, type FileHandle } from 'node:fs/promises';

const UNSUPPORTED = new Set(['EISDIR', 'EPERM', 'EINVAL', 'EACCES']);

/** Fsyncs the directory at `dir`. */
export async function fsyncDirectory(dir: string): Promise<void> {
  let handle: FileHandle | null = null;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch (error) {
    if (!UNSUPPORTED.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
  } finally {
    await handle?.close();
  }
}
