/**
 * Makes a directory entry durable. A new file or a rename is on disk only once its directory is fsynced too;
 * platforms that cannot open a directory for syncing (Windows) make renames durable themselves, so their refusal
 * codes are not errors.
 */
import { nodeStorageFs, OPEN_FLAGS, type StorageFs, type StorageHandle } from './storage-fs';

const UNSUPPORTED = new Set(['EISDIR', 'EPERM', 'EINVAL', 'EACCES']);

/** Fsyncs the directory at `dir`. */
export async function fsyncDirectory(dir: string, fs: StorageFs = nodeStorageFs): Promise<void> {
  let handle: StorageHandle | null = null;
  try {
    handle = await fs.open(dir, OPEN_FLAGS.directory);
    await handle.sync();
  } catch (error) {
    if (!UNSUPPORTED.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
  } finally {
    await handle?.close();
  }
}
