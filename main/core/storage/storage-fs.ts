/**
 * The few file-system calls the storage layer makes, as an interface: the real one is node:fs, and tests put a
 * file layer that simulates power loss in its place (test/support/power-loss-fs.ts). Flags are open(2)'s numbers
 * (`node:fs` constants), so exclusive creation and symlink refusal are the caller's explicit choice.
 */
import { constants } from 'node:fs';
import { chmod, lstat, mkdir, open, readdir, readlink, rename, unlink } from 'node:fs/promises';

/** An open file or directory (a subset of node's FileHandle). */
export interface StorageHandle {
  write(
    buffer: Buffer,
    offset: number,
    length: number,
    position: number | null,
  ): Promise<{ readonly bytesWritten: number }>;
  readFile(): Promise<Buffer>;
  datasync(): Promise<void>;
  sync(): Promise<void>;
  truncate(length: number): Promise<void>;
  stat(): Promise<{ readonly size: number; isFile(): boolean }>;
  chmod(mode: number): Promise<void>;
  close(): Promise<void>;
}

/** What lstat tells the storage layer about an entry. */
export interface StorageStat {
  readonly uid: number;
  readonly mode: number;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
}

export interface StorageFs {
  open(path: string, flags: number, mode?: number): Promise<StorageHandle>;
  rename(from: string, to: string): Promise<void>;
  unlink(path: string): Promise<void>;
  /** Creates one folder (not recursive); EEXIST when something is there. */
  mkdir(path: string, mode: number): Promise<void>;
  lstat(path: string): Promise<StorageStat>;
  readdir(path: string): Promise<string[]>;
  /** The text of a symbolic link (the folder checks follow a symlinked parent to where it leads). */
  readlink(path: string): Promise<string>;
  chmod(path: string, mode: number): Promise<void>;
}

/** The real file system. */
export const nodeStorageFs: StorageFs = {
  open: (path, flags, mode) => open(path, flags, mode),
  rename,
  unlink,
  mkdir: async (path, mode) => {
    await mkdir(path, { mode });
  },
  lstat,
  readdir: (path) => readdir(path),
  readlink: (path) => readlink(path),
  chmod,
};

/** 0 where the platform has no such flag (Windows has no O_NOFOLLOW; it has no symlinks a user plants freely). */
const NOFOLLOW = constants.O_NOFOLLOW ?? 0;

/** Open flags the storage layer uses: never through a symlink; new files only exclusively. */
export const OPEN_FLAGS = {
  read: constants.O_RDONLY | NOFOLLOW,
  readWrite: constants.O_RDWR | NOFOLLOW,
  createNew: constants.O_RDWR | constants.O_CREAT | constants.O_EXCL | NOFOLLOW,
  directory: constants.O_RDONLY,
} as const;

/** Files the app writes: readable by its user only. */
export const PRIVATE_FILE_MODE = 0o600;
/** Folders the app creates. */
export const PRIVATE_DIR_MODE = 0o700;

/** An unsafe entry in the data folder (a planted symlink, a folder others may write, a foreign owner). */
export class UnsafeStorageError extends Error {
  constructor(
    readonly path: string,
    reason: string,
  ) {
    super(
      `Refusing to use ${path}: ${reason}. Move the data folder somewhere only ` +
        `this user can write, or remove the entry.`,
    );
    this.name = 'UnsafeStorageError';
  }
}

const errorCode = (error: unknown): string | undefined => (error as NodeJS.ErrnoException | null)?.code;

/**
 * Opens an existing file for reading and writing without following a symlink; null when it does not exist.
 * A symlink (ELOOP) or anything but a regular file is refused: nothing is read or written through it. A file
 * opened for writing is made 0600 (an earlier version created them 0644).
 */
export async function openExistingFile(
  fs: StorageFs,
  path: string,
  flags: number = OPEN_FLAGS.readWrite,
): Promise<StorageHandle | null> {
  let handle: StorageHandle;
  try {
    handle = await fs.open(path, flags);
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ENOENT') return null;
    if (code === 'ELOOP' || code === 'EMLINK') throw new UnsafeStorageError(path, 'it is a symbolic link');
    throw error;
  }
  if (!(await handle.stat()).isFile()) {
    await handle.close();
    throw new UnsafeStorageError(path, 'it is not a regular file');
  }
  if ((flags & (constants.O_WRONLY | constants.O_RDWR)) !== 0 && process.platform !== 'win32') {
    try {
      await handle.chmod(PRIVATE_FILE_MODE);
    } catch (error) {
      await handle.close();
      throw error;
    }
  }
  return handle;
}

/** Creates `path` exclusively (0600, never through a symlink): EEXIST when anything, a symlink included, is there. */
export async function createNewFile(fs: StorageFs, path: string): Promise<StorageHandle> {
  try {
    return await fs.open(path, OPEN_FLAGS.createNew, PRIVATE_FILE_MODE);
  } catch (error) {
    if (errorCode(error) === 'EEXIST') {
      const existing = await fs.lstat(path).catch(() => null);
      if (existing?.isSymbolicLink() === true) throw new UnsafeStorageError(path, 'it is a symbolic link');
    }
    throw error;
  }
}
