/**
 * A step of the wall clock in a real process: `npm run web` under libfaketime, its wall clock stepped back one
 * hour while it runs (monotonic time untouched, as a PC's clock step leaves it). The step is detected and said, the
 * tray still lists the newer movement first, rows show the wall clock as it read, and money moves exactly once per
 * press.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoVenue, type RunningDemoVenue } from '../../main/demo';
import type { SessionSnapshot } from '../../preload/contract';
import { invokeOnBridge } from '../support/bridge-invoke';
import { BROWSER_RETRY } from '../support/browser-retry';
import { waitFor } from '../support/venue-live-harness';
import { FAST_DEMO } from '../support/web-app';
import { startWebChild } from '../support/web-child';
import { exchangeLink, openBridgeSocket } from '../support/web-session';

/** Debian's `faketime` package: the multi-threaded preload library (Node runs threads). */
const LIBFAKETIME = '/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1';
const HOUR = 3_600_000;

let venue: RunningDemoVenue;
let dataDir: string;

beforeAll(async () => {
  venue = await startDemoVenue(FAST_DEMO);
  dataDir = await mkdtemp(join(tmpdir(), 'venue-clock-step-'));
});
afterAll(async () => {
  await venue?.close();
  if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true });
});

/** The shift log of the one venue folder under `appDir`. */
async function shiftLogText(appDir: string): Promise<string> {
  const venues = await readdir(join(appDir, 'venues'));
  const texts = await Promise.all(
    venues.map((name) => readFile(join(appDir, 'venues', name, 'cashier', 'cashier-shifts.log')).catch(() => '')),
  );
  return texts.map(String).join('');
}

describe.skipIf(!existsSync(LIBFAKETIME))('a wall clock step in a running web runtime', BROWSER_RETRY, () => {
  it('is said once, keeps the tray in order, and moves money exactly once per press', async () => {
    const keyFile = join(dataDir, 'venue.key');
    const offsetFile = join(dataDir, 'faketime-offset');
    const appDir = join(dataDir, 'app');
    await writeFile(keyFile, `${venue.key}\n`, { mode: 0o600 });
    await writeFile(offsetFile, '+0\n');
    const web = await startWebChild(
      ['--venue', venue.baseUrl, '--ws-url', venue.wsUrl, '--key-file', keyFile, '--data-dir', appDir],
      {
        LD_PRELOAD: LIBFAKETIME,
        FAKETIME_TIMESTAMP_FILE: offsetFile,
        FAKETIME_NO_CACHE: '1',
        DONT_FAKE_MONOTONIC: '1',
      },
    );
    let socket: WebSocket | null = null;
    try {
      const port = Number(new URL(web.url).port);
      socket = await openBridgeSocket(port, '/bridge', (await exchangeLink(web.url)).cookie);
      let latest: SessionSnapshot | null = null;
      socket.on('message', (data: Buffer) => {
        const message = JSON.parse(String(data)) as { t: string; snapshot?: SessionSnapshot };
        if (message.t === 'snapshot' && message.snapshot !== undefined) latest = message.snapshot;
      });
      socket.send(JSON.stringify({ t: 'subscribe' }));
      const snapshot = (): SessionSnapshot | null => latest;
      await waitFor(() => snapshot()?.cashier.ready === true, 'the cashier ready', 60_000);
      const bridge = socket;
      let id = 0;
      const invoke = (channel: string, args: unknown) => invokeOnBridge(bridge, (id += 1), channel, args);
      expect(await invoke('cashier:open-shift', [0, { operator: 'Cage' }])).toMatchObject({ ok: true });
      const seated = venue.inspect.trueTable().seats.filter((seat) => seat.name !== null);
      const [first, second] = seated;
      if (first?.name == null || second?.name == null) throw new Error('two seated players needed');
      const buyIn = (seat: typeof first, amount: number) =>
        invoke('cashier:request', [
          { kind: 'buy_in', seatId: seat.seat_id, playerName: seat.name, playerId: null, amount },
        ]);
      const before = venue.inspect.ledger().length;

      expect(await buyIn(first, 100)).toMatchObject({ ok: true });
      await waitFor(() => venue.inspect.ledger().length === before + 1, 'the first buy-in applied', 60_000);
      await waitFor(() => snapshot()?.cashier.tray.some((m) => m.status === 'applied') === true, 'it settled');

      // The PC's clock steps back one hour; the runtime's monotonic time goes on.
      await writeFile(offsetFile, '-1h\n');
      await waitFor(
        () => /jumped back 1 hour/.test(snapshot()?.cashier.clockNotice?.text ?? ''),
        'the step said on screen',
        30_000,
      );
      expect(snapshot()?.cashier.clockNotice?.text).toMatch(/money decisions are not affected/);

      expect(await buyIn(second, 50)).toMatchObject({ ok: true });
      await waitFor(() => venue.inspect.ledger().length === before + 2, 'the second buy-in applied', 60_000);
      await waitFor(() => snapshot()?.cashier.tray.filter((m) => m.status === 'applied').length === 2, 'both settled');
      const tray = snapshot()?.cashier.tray ?? [];
      // Newest first by order time, although the newer one was asked "an hour earlier" by the stepped wall clock.
      expect(tray.map((m) => m.playerName)).toEqual([second.name, first.name]);
      const [newer, older] = tray;
      expect((newer?.requestedAt ?? 0) - (older?.requestedAt ?? 0)).toBeLessThan(-HOUR / 2);
      // Exactly once each: nothing re-sent, nothing applied twice.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(venue.inspect.ledger()).toHaveLength(before + 2);
      // Written in the shift's log.
      expect(await shiftLogText(appDir)).toContain('"type":"clock-step"');
    } finally {
      socket?.close();
      web.child.kill('SIGTERM');
      expect(await web.exited, web.stderr()).toBe(0);
    }
  }, 180_000);
});
