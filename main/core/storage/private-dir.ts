/**
 * The data folder's rules: folders are created 0700, each new folder's entry is made durable (its parent is
 * fsynced, so a power cut cannot lose the folder a journal was just created in), and a folder is refused when it
 * is a symlink, is not owned by this user, or is writable by group or others (on POSIX; Windows has no such bits).
 * An existing folder of ours that others may read (an earlier version made them 0755) is closed to 0700. Every
 * folder above it, and wherever a symlinked one leads, must be beyond other users' control too: whoever may
 * rename entries in a parent could swap the data folder for a folder or symlink of their own while we run.
 * With the data folder in a shared place, another user could otherwise plant a journal whose unfinished movements
 * would be resumed and sent with the key.
 */
import { dirname, resolve } from 'node:path';
import { fsyncDirectory } from './fsync-dir';
import { nodeStorageFs, PRIVATE_DIR_MODE, UnsafeStorageError, type StorageFs, type StorageStat } from './storage-fs';

const errorCode = (error: unknown): string | undefined => (error as NodeJS.ErrnoException | null)?.code;

/** Refuses a folder others could write into or that someone else owns. */
export function checkPrivateDir(path: string, stat: StorageStat): void {
  if (stat.isSymbolicLink()) throw new UnsafeStorageError(path, 'it is a symbolic link, not a folder');
  if (!stat.isDirectory()) throw new UnsafeStorageError(path, 'it is not a folder');
  if (process.platform === 'win32' || process.getuid === undefined) return;
  const uid = process.getuid();
  if (stat.uid !== uid)
    throw new UnsafeStorageError(
      path,
      `the folder belongs to another user (uid ${stat.uid}, this process runs as uid ${uid})`,
    );
  if ((stat.mode & 0o022) !== 0)
    throw new UnsafeStorageError(
      path,
      `other users may write into the folder (mode ${(stat.mode & 0o777).toString(8)})`,
    );
}

/**
 * The existing folder new folders are created in (a home folder, /tmp): it may belong to root and be shared if it
 * is sticky (others cannot rename or remove what we create there), but another user must not control it.
 */
function checkCreationParent(path: string, stat: StorageStat): void {
  if (process.platform === 'win32' || process.getuid === undefined) return;
  if (!stat.isDirectory()) throw new UnsafeStorageError(path, 'it is not a folder');
  const uid = process.getuid();
  if (stat.uid !== uid && stat.uid !== 0)
    throw new UnsafeStorageError(
      path,
      `the folder belongs to another user (uid ${stat.uid}, this process runs as uid ${uid})`,
    );
  const sticky = (stat.mode & 0o1000) !== 0;
  if ((stat.mode & 0o022) !== 0 && !sticky)
    throw new UnsafeStorageError(
      path,
      `other users may write into the folder (mode ${(stat.mode & 0o777).toString(8)})`,
    );
}

/** Symlinked parents followed before giving up (the kernel's own limit is 40). */
const MAX_LINKS = 40;

/**
 * Checks `path` and every folder above it with checkCreationParent's rule; a symlink among them is followed (its
 * target and the folders above the target are checked too, as is the folder holding the link itself).
 */
async function checkAncestors(fs: StorageFs, path: string, links = 0): Promise<void> {
  if (process.platform === 'win32' || process.getuid === undefined) return;
  for (let at = path; ; at = dirname(at)) {
    const stat = await fs.lstat(at);
    if (stat.isSymbolicLink()) {
      if (links >= MAX_LINKS) throw new UnsafeStorageError(at, 'too many symbolic links lead to it');
      await checkAncestors(fs, resolve(dirname(at), await fs.readlink(at)), links + 1);
    } else {
      checkCreationParent(at, stat);
    }
    if (dirname(at) === at) return;
  }
}

/** An existing folder of ours that group or others may read or enter is closed to its owner. */
async function closeToOthers(fs: StorageFs, path: string, stat: StorageStat): Promise<void> {
  if (process.platform === 'win32' || (stat.mode & 0o077) === 0) return;
  await fs.chmod(path, PRIVATE_DIR_MODE);
}

async function lstatOrNull(fs: StorageFs, path: string): Promise<StorageStat | null> {
  try {
    return await fs.lstat(path);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Makes sure `path` is a private folder: creates it and any missing parents 0700 (fsyncing the parent of each
 * one it creates), and checks the folder itself, and every folder it created, against the rules above. The
 * existing folder it creates into must not be another user's (root's, or a sticky shared one like /tmp, is fine).
 */
export async function ensurePrivateDir(path: string, fs: StorageFs = nodeStorageFs): Promise<void> {
  const missing: string[] = [];
  let existing: StorageStat | null;
  for (let at = path; ; at = dirname(at)) {
    existing = await lstatOrNull(fs, at);
    if (existing !== null || dirname(at) === at) break;
    missing.unshift(at);
  }
  if (existing === null) throw new Error(`${path} does not exist and cannot be created`);
  if (missing.length === 0) {
    checkPrivateDir(path, existing);
    await checkAncestors(fs, dirname(path));
    await closeToOthers(fs, path, existing);
    return;
  }
  await checkAncestors(fs, dirname(missing[0] as string));
  for (const folder of missing) {
    try {
      await fs.mkdir(folder, PRIVATE_DIR_MODE);
    } catch (error) {
      // Another writer made it at the same moment: it is checked below like one we made.
      if (errorCode(error) !== 'EEXIST') throw error;
    }
    checkPrivateDir(folder, await fs.lstat(folder));
    await fsyncDirectory(dirname(folder), fs);
  }
}
