/**
 * One process owns a data folder, through something the operating system takes away when the process dies: a
 * listening local socket. No pid is ever trusted, so a crash, a SIGKILL, a recycled pid or a power cut can never
 * leave the cashier locked out, and binding is atomic, so two live processes can never both own the folder.
 *
 * - Linux: an abstract-namespace Unix socket (no file at all). The kernel frees the name the moment the process
 *   dies; binding a taken name fails with EADDRINUSE.
 * - Windows: a named pipe `\\.\pipe\venue-cashier-<hash>`, freed by the kernel with the process.
 * - Both namespaces are shared by every user of the machine and have no permissions, so the name must not be
 *   guessable (another user could squat it and lock the cashier out): it is the hash of the lock's real path and a
 *   random id kept in `<lock>.id` inside the (private) data folder.
 * - Other POSIX (macOS, BSD): a Unix socket file at the lock's path. A dead owner leaves the file behind; see
 *   `retireStale` for how it is taken over without ever removing a live owner's socket.
 *
 * The socket serves nothing: every connection is destroyed at once, nothing is read, and its errors are swallowed.
 * The Electron app additionally holds app.requestSingleInstanceLock() (main/index.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import { chmod, link, realpath, rename, unlink } from 'node:fs/promises';
import { createNewFile, nodeStorageFs, OPEN_FLAGS, openExistingFile, UnsafeStorageError } from '../storage/storage-fs';
import { connect, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';

export class JournalLockedError extends Error {
  constructor(readonly path: string) {
    super(
      `The cashier data folder is in use by another process (another Venue Cashier is running on it): ${dirname(path)}`,
    );
    this.name = 'JournalLockedError';
  }
}

/** How the lock is held. `socket-file` is the portable POSIX way (tests use it on Linux too). */
export type LockFlavor = 'abstract' | 'socket-file' | 'pipe';

export interface LockOptions {
  readonly flavor?: LockFlavor;
}

/** A held lock; release() gives it up. */
export interface HeldLock {
  release(): Promise<void>;
}

function defaultFlavor(): LockFlavor {
  if (process.platform === 'win32') return 'pipe';
  return process.platform === 'linux' ? 'abstract' : 'socket-file';
}

/** macOS limits a socket path to 104 bytes (Linux 108); a longer one is bound in the (per-user) temp folder. */
const MAX_SOCKET_PATH_BYTES = 100;

const LOCK_ID = /^[0-9a-f]{64}$/;

async function readLockId(path: string): Promise<string | null> {
  const handle = await openExistingFile(nodeStorageFs, path, OPEN_FLAGS.read);
  if (handle === null) return null;
  try {
    const id = (await handle.readFile()).toString('utf8').trim();
    if (!LOCK_ID.test(id))
      throw new UnsafeStorageError(path, 'it does not hold a lock id (remove it if nothing runs on this folder)');
    return id;
  } finally {
    await handle.close();
  }
}

/**
 * The folder's secret lock id, created once (and only readable by this user: the data folder is private; whoever
 * can delete it could also delete the journal). A power cut may lose a fresh one; no process runs then, so a new
 * one is as good. Written whole to a private temp, then linked into place: link(2)
 * fails rather than replace, so two first starters agree on one id (the loser reads the winner's).
 */
async function lockId(path: string): Promise<string> {
  const found = await readLockId(path);
  if (found !== null) return found;
  const draft = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  const file = await createNewFile(nodeStorageFs, draft);
  try {
    const id = randomBytes(32).toString('hex');
    await file.write(Buffer.from(`${id}\n`), 0, id.length + 1, 0);
    await file.sync();
    await link(draft, path).catch((error: unknown) => {
      if (errorCode(error) !== 'EEXIST') throw error;
    });
  } finally {
    await file.close();
    await unlink(draft).catch(() => undefined);
  }
  const id = await readLockId(path);
  if (id === null) throw new Error(`${path} vanished while it was being created`);
  return id;
}

/** The address to listen on for the lock at `path` (whose folder must exist); exported for the tests that probe it. */
export async function endpointFor(path: string, flavor: LockFlavor): Promise<string> {
  const place = join(await realpath(dirname(path)), basename(path));
  if (flavor === 'abstract' || flavor === 'pipe') {
    const name = createHash('sha256')
      .update(`${place}\n${await lockId(`${path}.id`)}`)
      .digest('hex')
      .slice(0, 32);
    return flavor === 'abstract' ? `\0venue-cashier-${name}` : `\\\\.\\pipe\\venue-cashier-${name}`;
  }
  const hash = createHash('sha256').update(place).digest('hex').slice(0, 32);
  return Buffer.byteLength(place) <= MAX_SOCKET_PATH_BYTES ? place : join(tmpdir(), `venue-cashier-${hash}.sock`);
}

const errorCode = (error: unknown): string | undefined => (error as NodeJS.ErrnoException | null)?.code;

/** Listens on `endpoint`; resolves null when another socket already has it (EADDRINUSE). */
function listenOn(endpoint: string): Promise<Server | null> {
  // The lock must not be a service: connections are dropped unread, and nothing it meets may crash the process.
  const server = createServer({ pauseOnConnect: true }, (socket) => {
    socket.on('error', () => undefined);
    socket.destroy();
  });
  server.maxConnections = 0;
  return new Promise((resolve, reject) => {
    const failed = (error: Error) => {
      server.close();
      if (errorCode(error) === 'EADDRINUSE') resolve(null);
      else reject(error);
    };
    server.once('error', failed);
    server.listen({ path: endpoint, exclusive: true }, () => {
      server.off('error', failed);
      server.on('error', () => undefined);
      // Held for the process's whole life, but never what keeps it alive.
      server.unref();
      resolve(server);
    });
  });
}

/** Whether a live process listens at the socket file `endpoint`: 'live', 'stale' (nobody listens) or 'gone'. */
function probe(endpoint: string): Promise<'live' | 'stale' | 'gone'> {
  return new Promise((resolve) => {
    const socket = connect({ path: endpoint });
    socket.once('connect', () => {
      socket.destroy();
      resolve('live');
    });
    socket.once('error', (error) => {
      socket.destroy();
      const code = errorCode(error);
      // Only "nobody listens" is stale; anything else (no permission, ...) fails closed.
      resolve(code === 'ENOENT' ? 'gone' : code === 'ECONNREFUSED' || code === 'ENOTSOCK' ? 'stale' : 'live');
    });
  });
}

/**
 * Takes a socket file nobody listens on out of the way. It is first renamed to a private name (atomic: whatever
 * sits at `endpoint` at that instant is now ours alone) and probed again there: between the first probe and the
 * rename another starter may have retired the stale file and bound a live one. A live one is linked back at once
 * (link(2) fails rather than replace) and the lock reported as held. So a live owner's socket is never deleted,
 * and two starters racing over one stale file end with exactly one owner. The remaining window needs three
 * processes starting on one folder in the same instant after a crash: a third can bind while a live socket is
 * under its private name; the restoring link then fails, and this process refuses, as it must.
 */
async function retireStale(endpoint: string): Promise<'retired' | 'live'> {
  const aside = `${endpoint}.${randomBytes(6).toString('hex')}.stale`;
  try {
    await rename(endpoint, aside);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return 'retired';
    throw error;
  }
  if ((await probe(aside)) === 'live') {
    await link(aside, endpoint).catch(() => undefined);
    await unlink(aside).catch(() => undefined);
    return 'live';
  }
  await unlink(aside).catch(() => undefined);
  return 'retired';
}

/** A regular file left at the lock's path by the pid-file lock of earlier versions: meaningless now, removed. */
async function removeLegacyFile(path: string): Promise<void> {
  await unlink(path).catch(() => undefined);
}

/**
 * Takes the lock at `path` (its folder must exist); throws JournalLockedError while a live process holds it. A
 * lock whose owner died is free at once (abstract socket, pipe) or taken over (socket file).
 */
export async function acquireLock(path: string, options: LockOptions = {}): Promise<HeldLock> {
  const flavor = options.flavor ?? defaultFlavor();
  const endpoint = await endpointFor(path, flavor);
  for (let round = 0; round < 5; round += 1) {
    const server = await listenOn(endpoint);
    if (server !== null) {
      if (flavor === 'socket-file') await chmod(endpoint, 0o600).catch(() => undefined);
      else await removeLegacyFile(path);
      let released = false;
      return {
        async release() {
          if (released) return;
          released = true;
          // Node unlinks a socket file when its server closes.
          await new Promise<void>((resolve) => server.close(() => resolve()));
        },
      };
    }
    if (flavor !== 'socket-file') throw new JournalLockedError(path);
    const state = await probe(endpoint);
    if (state === 'live' || (state === 'stale' && (await retireStale(endpoint)) === 'live'))
      throw new JournalLockedError(path);
  }
  // Every round found a stale file replaced under us: someone else is busy taking it; do not fight.
  throw new JournalLockedError(path);
}
