/** The data-folder lock: held through a listening socket that dies with its process (main/core/cashier/lock.ts). */
import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { basename, dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireLock, JournalLockedError, type LockFlavor } from '../../../main/core/cashier/lock';
import { tempDataDir } from '../../support/cashier-harness';
import { spawnTsx } from '../../support/child-processes';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function lockPath(): string {
  const temp = tempDataDir('lock-');
  cleanups.push(temp.remove);
  return join(temp.dir, 'cashier.lock');
}

/** A child process that takes the lock; resolves with its first line ('held' or 'locked'). */
async function lockChild(
  path: string,
  flavor: LockFlavor,
): Promise<{ child: ChildProcess; said: string; exited: Promise<unknown> }> {
  const child = spawnTsx('test/support/lock-child.ts', [path, flavor], { stdio: ['ignore', 'pipe', 'inherit'] });
  cleanups.push(() => child.kill('SIGKILL'));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const said = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', resolve);
    void exited.then(() => reject(new Error('the lock child exited silently')));
  });
  return { child, said, exited };
}

/**
 * Where the lock at `path` listens, by the scheme lock.ts documents: the socket file itself, or the abstract name
 * made from the folder's real path and the secret id kept beside the lock.
 */
function endpointOf(path: string, flavor: LockFlavor): string {
  if (flavor === 'socket-file') return path;
  const place = join(realpathSync(dirname(path)), basename(path));
  const id = readFileSync(`${path}.id`, 'utf8').trim();
  return `\0venue-cashier-${createHash('sha256').update(`${place}\n${id}`).digest('hex').slice(0, 32)}`;
}

// The abstract namespace is Linux's alone; the socket file is how other POSIX systems hold it, forced here on Linux.
const flavors: LockFlavor[] = process.platform === 'linux' ? ['abstract', 'socket-file'] : ['socket-file'];

describe.each(flavors)('data-folder lock (%s)', (flavor) => {
  it('admits one holder in a process, and the next once it is released', async () => {
    const path = lockPath();
    const held = await acquireLock(path, { flavor });
    await expect(acquireLock(path, { flavor })).rejects.toBeInstanceOf(JournalLockedError);
    await expect(acquireLock(path, { flavor })).rejects.toThrow(/in use by another process/);
    await held.release();
    const again = await acquireLock(path, { flavor });
    await again.release();
  });

  it('admits one holder across processes and frees the lock the moment its holder is SIGKILLed', async () => {
    const path = lockPath();
    const holder = await lockChild(path, flavor);
    expect(holder.said).toBe('held');
    await expect(acquireLock(path, { flavor })).rejects.toBeInstanceOf(JournalLockedError);
    expect((await lockChild(path, flavor)).said).toBe('locked');
    holder.child.kill('SIGKILL');
    await holder.exited;
    const mine = await acquireLock(path, { flavor });
    expect((await lockChild(path, flavor)).said).toBe('locked');
    await mine.release();
  });

  it('ignores an old pid lock file naming this very process or a live one, and holds the lock over it', async () => {
    const path = lockPath();
    for (const pid of [process.pid, 1]) {
      writeFileSync(path, `${pid}\n`);
      const held = await acquireLock(path, { flavor });
      // Held for real: a second taker is refused, and the old file is gone (or a socket now sits in its place).
      await expect(acquireLock(path, { flavor })).rejects.toBeInstanceOf(JournalLockedError);
      if (flavor === 'socket-file') expect(lstatSync(path).isSocket()).toBe(true);
      else expect(existsSync(path)).toBe(false);
      await held.release();
    }
  });

  it('serves nothing: a connection is closed at once, bytes get no answer, and the holder lives on', async () => {
    const path = lockPath();
    const held = await acquireLock(path, { flavor });
    if (flavor === 'socket-file') {
      expect(lstatSync(path).isSocket()).toBe(true);
      expect(lstatSync(path).mode & 0o777).toBe(0o600);
    } else {
      // No file at all: the name lives in the kernel's abstract namespace, made from the folder's private id.
      expect(existsSync(path)).toBe(false);
      expect(lstatSync(`${path}.id`).mode & 0o777).toBe(0o600);
    }
    const endpoint = endpointOf(path, flavor);
    for (let i = 0; i < 20; i += 1) {
      const visit = await new Promise<{ connected: boolean; received: number }>((resolve) => {
        const seen = { connected: false, received: 0 };
        const socket = connect({ path: endpoint }, () => {
          seen.connected = true;
          socket.write('GET / HTTP/1.1\r\n\r\n'.repeat(100));
        });
        socket.on('data', (chunk: Buffer) => {
          seen.received += chunk.length;
        });
        socket.on('error', () => undefined);
        socket.on('close', () => resolve(seen));
      });
      // Connected (so the lock really listened there) and answered nothing.
      expect(visit).toEqual({ connected: true, received: 0 });
    }
    await expect(acquireLock(path, { flavor })).rejects.toBeInstanceOf(JournalLockedError);
    await held.release();
  });
});

describe('data-folder lock on a socket file', () => {
  it('takes over a stale socket file left by a dead owner, and never one somebody listens on', async () => {
    const path = lockPath();
    // A socket file nobody listens on, what a crashed owner leaves behind: a child binds it and is SIGKILLed.
    const owner = await lockChild(path, 'socket-file');
    owner.child.kill('SIGKILL');
    await owner.exited;
    expect(lstatSync(path).isSocket()).toBe(true);
    const held = await acquireLock(path, { flavor: 'socket-file' });
    // A foreign live listener at the path is never removed.
    await held.release();
    const foreign = createServer();
    await new Promise<void>((resolve) => foreign.listen(path, resolve));
    await expect(acquireLock(path, { flavor: 'socket-file' })).rejects.toBeInstanceOf(JournalLockedError);
    expect(lstatSync(path).isSocket()).toBe(true);
    await new Promise<void>((resolve) => foreign.close(() => resolve()));
  });

  // Two, not three: three starters in the same instant can meet the window lock.ts documents (retireStale).
  it('two starters racing over one stale socket file end with exactly one owner', async () => {
    for (let round = 0; round < 20; round += 1) {
      const path = lockPath();
      const owner = await lockChild(path, 'socket-file');
      owner.child.kill('SIGKILL');
      await owner.exited;
      const results = await Promise.allSettled([
        acquireLock(path, { flavor: 'socket-file' }),
        acquireLock(path, { flavor: 'socket-file' }),
      ]);
      const held = results.filter((result) => result.status === 'fulfilled');
      expect(held).toHaveLength(1);
      for (const result of results)
        if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(JournalLockedError);
      for (const result of held) await result.value.release();
    }
  });
});

describe('data-folder lock names', () => {
  it.runIf(process.platform === 'linux')(
    'cannot be guessed from the path: another folder id gives another name, so a squatter misses',
    async () => {
      const path = lockPath();
      const held = await acquireLock(path, { flavor: 'abstract' });
      const id = readFileSync(`${path}.id`, 'utf8');
      expect(id).toMatch(/^[0-9a-f]{64}\n$/);
      expect(lstatSync(`${path}.id`).mode & 0o777).toBe(0o600);
      await held.release();
      // A squatter who knows only the path binds the name the path alone would give: the cashier still starts.
      const guess = `\0venue-cashier-${createHash('sha256')
        .update(join(realpathSync(join(path, '..')), 'cashier.lock'))
        .digest('hex')
        .slice(0, 32)}`;
      const squatter = createServer();
      await new Promise<void>((resolve) => squatter.listen({ path: guess }, resolve));
      const again = await acquireLock(path, { flavor: 'abstract' });
      expect(readFileSync(`${path}.id`, 'utf8')).toBe(id);
      await again.release();
      await new Promise<void>((resolve) => squatter.close(() => resolve()));
      // A damaged id is refused, not silently replaced (a replacement would let a second process in).
      writeFileSync(`${path}.id`, 'not an id\n');
      await expect(acquireLock(path, { flavor: 'abstract' })).rejects.toThrow(/does not hold a lock id/);
    },
  );
});
