/**
 * The real file system, with a disk that fills: while full, every write fails with ENOSPC (after writing part of
 * its bytes, as a real disk that runs out mid-write does), and so does creating a file. The disk can be filled by
 * hand (`full = true`) or by a schedule over the write index: writes number `fullFrom` (0-based) up to, not
 * including, `fullUntil` fail. Reads, truncates and fsyncs still work, as they do on a full disk.
 */
import { constants } from 'node:fs';
import { nodeStorageFs, type StorageFs, type StorageHandle } from '../../main/core/storage/storage-fs';

const enospc = (what: string): NodeJS.ErrnoException =>
  Object.assign(new Error(`ENOSPC: no space left on device, ${what}`), { code: 'ENOSPC', errno: -28 });

export interface DiskFullSchedule {
  readonly fullFrom?: number;
  readonly fullUntil?: number;
}

export class DiskFullFs implements StorageFs {
  /** Writes asked for so far (the schedule's index). */
  writes = 0;
  /** Writes that failed for want of space. */
  refused = 0;
  /** Fills the disk by hand, whatever the schedule says. */
  full = false;

  constructor(private readonly schedule: DiskFullSchedule = {}) {}

  /** Whether the next write fails; counts it. */
  private nextWriteFails(): boolean {
    const index = this.writes;
    this.writes += 1;
    const { fullFrom, fullUntil } = this.schedule;
    const scheduled = fullFrom !== undefined && index >= fullFrom && (fullUntil === undefined || index < fullUntil);
    if (scheduled || this.full) this.refused += 1;
    return scheduled || this.full;
  }

  async open(path: string, flags: number, mode?: number): Promise<StorageHandle> {
    if ((flags & constants.O_CREAT) !== 0 && this.full) throw enospc(`open '${path}'`);
    const handle = await nodeStorageFs.open(path, flags, mode);
    return {
      write: async (buffer, offset, length, position) => {
        if (!this.nextWriteFails()) return handle.write(buffer, offset, length, position);
        // Part of the bytes land before the disk runs out: the writer must cut them back off.
        const part = Math.floor(length / 2);
        if (part > 0) await handle.write(buffer, offset, part, position);
        throw enospc('write');
      },
      readFile: () => handle.readFile(),
      datasync: () => handle.datasync(),
      sync: () => handle.sync(),
      truncate: (length) => handle.truncate(length),
      stat: () => handle.stat(),
      chmod: (fileMode) => handle.chmod(fileMode),
      close: () => handle.close(),
    };
  }

  rename = nodeStorageFs.rename;
  unlink = nodeStorageFs.unlink;
  mkdir = nodeStorageFs.mkdir;
  lstat = nodeStorageFs.lstat;
  readdir = nodeStorageFs.readdir;
  readlink = nodeStorageFs.readlink;
  chmod = nodeStorageFs.chmod;
}
