/** The data-folder lock: held through a listening socket that dies with its process (main/core/cashier/lock.ts). */
import type { ChildProcess } from 'node:child_process';
import { existsSync, lstatSync, readFileSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { acquireLock, endpointFor, JournalLockedError, type LockFlavor } from '../../../main/core/cashier/lock';
import { tempDataDir } from '../../support/cashier-harness';
import { cleanupsAfterEach } from '../../support/cleanups-after-each';
import { spawnTsx } from '../../support/child-processes';

const cleanups = cleanupsAfterEach();

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
  cleanups.push(() => {
    child.kill('SIGKILL');
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const said = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', resolve);
    void exited.then(() => reject(new Error('the lock child exited silently')));
  });
  return { child, said, exited };
}

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

  it('ignores an old pid lock file naming this very process or a live one, and removes it', async () => {
    const path = lockPath();
    for (const pid of [process.pid, 1]) {
      writeFileSync(path, `${pid}\n`);
      const held = await acquireLock(path, { flavor });
      // The pid file is gone: the abstract socket leaves nothing at the path, the socket file takes its place.
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
    }
    const endpoint = await endpointFor(path, flavor);
    for (let i = 0; i < 20; i += 1) {
      const heard = await new Promise<{ connected: boolean; bytes: number }>((resolve) => {
        let bytes = 0;
        let connected = false;
        const socket = connect({ path: endpoint }, () => {
          connected = true;
          socket.write('GET / HTTP/1.1\r\n\r\n'.repeat(100));
        });
        socket.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        socket.on('error', () => undefined);
        socket.on('close', () => resolve({ connected, bytes }));
      });
      // It did reach the holder (a refused connection would prove nothing), and got nothing back.
      expect(heard).toEqual({ connected: true, bytes: 0 });
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
      const { createHash } = await import('node:crypto');
      const { realpathSync } = await import('node:fs');
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
