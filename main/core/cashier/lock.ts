/**
 * One process owns a journal: a lock file created exclusively (link(2), which fails like O_EXCL) holding the owner's pid. A lock left by a
 * process that no longer exists (it crashed) is taken over. A recycled pid can make a stale lock look live;
 * the cashier then refuses to open rather than risk two writers (the Electron app also holds a single-instance lock).
 */
import { link, readFile, unlink, writeFile } from 'node:fs/promises';

export class JournalLockedError extends Error {
  constructor(readonly path: string, readonly ownerPid: number | null) {
    super(`The cashier journal is in use by another process (pid ${ownerPid ?? 'unknown'}): ${path}`);
    this.name = 'JournalLockedError';
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readOwner(path: string): Promise<number | null> {
  try {
    const pid = Number.parseInt((await readFile(path, 'utf8')).trim(), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Writes the pid to a private file, then hard-links it into place: link() fails with EEXIST like O_EXCL, and the
 * lock never exists half-written (a crash between create and write would otherwise leave an owner-less lock).
 */
async function tryCreate(path: string): Promise<boolean> {
  const draft = `${path}.${process.pid}.tmp`;
  await writeFile(draft, `${process.pid}\n`, { flag: 'w' });
  try {
    await link(draft, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await unlink(draft).catch(() => undefined);
  }
}

/** A held lock; release() removes it. */
export interface HeldLock {
  release(): Promise<void>;
}

/** Takes the lock at `path`, taking over a stale one; throws JournalLockedError when a live process holds it. */
export async function acquireLock(path: string): Promise<HeldLock> {
  for (let round = 0; round < 2; round += 1) {
    if (await tryCreate(path)) {
      return { release: async () => { await unlink(path).catch(() => undefined); } };
    }
    const owner = await readOwner(path);
    // An unreadable pid may be a lock being written right now: only a provably dead owner is taken over.
    if (owner === null || owner === process.pid || processAlive(owner)) throw new JournalLockedError(path, owner);
    await unlink(path).catch(() => undefined);
  }
  throw new JournalLockedError(path, await readOwner(path));
}
