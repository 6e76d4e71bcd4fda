/**
 * `npm run web` as a real process with its data folder on a disk that fills: a small tmpfs mounted for the
 * test (we run as root, here and on CI; elsewhere the test is skipped, saying why). The disk is filled to the last
 * byte while the runtime runs: every writer (history, venue ledger, live record, journal, settings) meets ENOSPC.
 * The runtime stays up, a buy-in over the bridge is refused with the one sentence (never "Something went wrong"),
 * nothing reaches the venue, every screen's snapshot says the disk is full, and the table goes on reading. Once
 * space returns, money moves again, without a restart.
 */
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { startDemoVenue, type RunningDemoVenue } from '../../main/demo';
import { DISK_FULL_REFUSAL, DISK_FULL_STATUS } from '../../main/core/storage/disk-space';
import type { SessionSnapshot } from '../../preload/contract';
import { invokeOnBridge } from '../support/bridge-invoke';
import { runToEnd } from '../support/child-processes';
import { waitFor } from '../support/venue-live-harness';
import { FAST_DEMO } from '../support/web-app';
import { startWebChild, type WebChild } from '../support/web-child';
import { exchangeLink, openBridgeSocket } from '../support/web-session';

const isRoot = process.getuid?.() === 0;

/** Writes zeros to `path` until the disk refuses (ENOSPC): the disk is then full to the last block. */
function fillDisk(path: string): void {
  const chunk = Buffer.alloc(64 * 1024);
  const fd = openSync(path, 'w');
  try {
    for (;;) {
      let size = chunk.length;
      // Down to single bytes, so no block is left free.
      for (;;) {
        try {
          writeSync(fd, chunk, 0, size);
          break;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
          if (size === 1) return;
          size = Math.max(1, Math.floor(size / 2));
        }
      }
    }
  } finally {
    closeSync(fd);
  }
}

describe.skipIf(!isRoot)('the web runtime on a full disk (a tmpfs; needs root to mount)', () => {
  let venue: RunningDemoVenue;
  let keyDir: string;
  let mountPoint: string;
  let web: WebChild | undefined;

  beforeAll(async () => {
    venue = await startDemoVenue(FAST_DEMO);
    keyDir = await mkdtemp(join(tmpdir(), 'venue-full-disk-key-'));
    await writeFile(join(keyDir, 'venue.key'), `${venue.key}\n`, { mode: 0o600 });
    mountPoint = mkdtempSync(join(tmpdir(), 'venue-full-disk-'));
    // As root this must work (here and on CI): a failure is the test's failure, not a reason to skip.
    const mounted = await runToEnd('mount', ['-t', 'tmpfs', '-o', 'size=16m,mode=0700', 'tmpfs', mountPoint]);
    if (mounted.status !== 0) throw new Error(`could not mount a tmpfs as root: ${mounted.stderr}`);
  });

  afterAll(async () => {
    web?.child.kill('SIGKILL');
    if (web !== undefined) await web.exited;
    if (mountPoint !== undefined) {
      await runToEnd('umount', [mountPoint]);
      rmSync(mountPoint, { recursive: true, force: true });
    }
    await venue?.close();
    if (keyDir !== undefined) await rm(keyDir, { recursive: true, force: true });
  });

  it('stays up, refuses money in one sentence, reads the table on, and moves money once space returns', async () => {
    const dataDir = join(mountPoint, 'app');
    const args = ['--venue', venue.baseUrl, '--ws-url', venue.wsUrl, '--key-file', join(keyDir, 'venue.key')];
    web = await startWebChild([...args, '--data-dir', dataDir]);
    const child = web;
    let gone: number | string | null = null;
    void child.exited.then((code) => (gone = code));
    /** Waits for `condition`; an exit of the runtime meanwhile is the failure it is (with what it printed). */
    const until = async (condition: () => boolean, what: string, timeoutMs = 30_000) =>
      waitFor(
        () => {
          if (gone !== null) throw new Error(`the runtime exited (${gone}) waiting for ${what}: ${child.stderr()}`);
          return condition();
        },
        what,
        timeoutMs,
      );
    const { port } = new URL(web.url);
    const socket: WebSocket = await openBridgeSocket(Number(port), '/bridge', (await exchangeLink(web.url)).cookie);
    let latest: SessionSnapshot | null = null;
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(String(data)) as { t: string; snapshot?: SessionSnapshot };
      if (message.t === 'snapshot' && message.snapshot !== undefined) latest = message.snapshot;
    });
    const snapshot = (): SessionSnapshot | null => latest;
    let id = 0;
    const invoke = (channel: string, callArgs: unknown) => invokeOnBridge(socket, (id += 1), channel, callArgs);
    socket.send(JSON.stringify({ t: 'subscribe' }));
    await until(
      () => snapshot()?.cashier.ready === true && snapshot()?.table?.betweenHands === true,
      'the cashier ready between hands',
      30_000,
    );
    expect(await invoke('cashier:open-shift', [0, { operator: 'Cage' }])).toMatchObject({ ok: true });
    const seat = venue.inspect.trueTable().seats.find((candidate) => candidate.name !== null);
    if (seat === undefined || seat.name === null) throw new Error('no seated player');
    const buyIn = { kind: 'buy_in', seatId: seat.seat_id, playerName: seat.name, playerId: null, amount: 10 };

    fillDisk(join(mountPoint, 'filler'));
    const refused = await invoke('cashier:request', [buyIn]);
    expect(refused).toEqual({ ok: false, error: { code: 'disk_full', message: DISK_FULL_REFUSAL } });
    expect(venue.inspect.ledger()).toEqual([]);
    await until(() => snapshot()?.disk.full === true, 'the disk shown full');
    expect(snapshot()?.disk.message).toBe(DISK_FULL_STATUS);
    // Reading goes on while every background writer meets the full disk: hands keep coming, the process stays up.
    const handAtFull = snapshot()?.table?.handNumber ?? 0;
    await until(() => (snapshot()?.table?.handNumber ?? 0) >= handAtFull + 3, 'three more hands read', 30_000);
    expect(gone).toBeNull();
    expect(web.stderr()).not.toMatch(/unhandled|unexpected error/);

    rmSync(join(mountPoint, 'filler'));
    await until(() => snapshot()?.table?.betweenHands === true, 'between hands again', 30_000);
    const accepted = await invoke('cashier:request', [buyIn]);
    expect(accepted).toMatchObject({ ok: true });
    await until(() => venue.inspect.ledger().length === 1, 'the buy-in applied at the venue', 30_000);
    await until(() => snapshot()?.disk.full === false, 'the disk shown taking writes again');
    await until(
      () => snapshot()?.cashier.ledger.entries.some((entry) => entry.playerName === seat.name) === true,
      'the buy-in in the shift ledger',
      30_000,
    );
    socket.close();
    web.child.kill('SIGTERM');
    expect(await web.exited).toBe(0);
    web = undefined;
  }, 120_000);
});
