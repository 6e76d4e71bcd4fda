/**
 * The cashier trusts its request's type: only the contract's parse makes one, and nothing checks it again. So a
 * request that skips the renderer, a hand-written invoke frame on the web runtime's bridge socket, must still be
 * refused by the session's dispatch (bad_arguments) before it reaches the cashier: nothing journaled, nothing sent
 * to the venue. One well-formed request on the same socket then goes, so the refusals are not a dead socket's.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoVenue, type RunningDemoVenue } from '../../main/demo';
import { startWebRuntime, type WebRuntime } from '../../main/web/runtime';
import type { SessionSnapshot } from '../../preload/contract';
import { FAST_DEMO } from '../support/web-app';
import { exchangeLink, openBridgeSocket } from '../support/web-session';

let venue: RunningDemoVenue;
let runtime: WebRuntime;
let dataDir: string;

beforeAll(async () => {
  venue = await startDemoVenue(FAST_DEMO);
  dataDir = await mkdtemp(join(tmpdir(), 'venue-web-forged-'));
  runtime = await startWebRuntime({
    dataDir,
    venue: null,
    wsUrl: null,
    key: null,
    startDemo: async () => venue,
    log: () => undefined,
  });
});

afterAll(async () => {
  await runtime?.close();
  await venue?.close();
  if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true });
});

interface Outcome {
  readonly ok: boolean;
  readonly error?: { readonly code: string; readonly message: string };
}

/** Sends one raw invoke frame on a bridge socket and resolves with its outcome. */
function invoke(socket: WebSocket, id: number, channel: string, args: unknown): Promise<Outcome> {
  return new Promise((resolve) => {
    const onMessage = (data: Buffer) => {
      const message = JSON.parse(String(data)) as { t: string; id?: number; outcome?: Outcome };
      if (message.t !== 'result' || message.id !== id || message.outcome === undefined) return;
      socket.off('message', onMessage);
      resolve(message.outcome);
    };
    socket.on('message', onMessage);
    socket.send(JSON.stringify({ t: 'invoke', id, channel, args }));
  });
}

async function until<T>(read: () => T, done: (value: T) => boolean, tries = 400): Promise<T> {
  for (let attempt = 0; attempt < tries; attempt += 1) {
    const value = read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('gave up waiting');
}

describe('a movement request forged on the bridge socket', () => {
  it('is refused by dispatch whatever it breaks; the cashier journals and sends nothing', async () => {
    const socket = await openBridgeSocket(runtime.server.port, '/bridge', (await exchangeLink(runtime.url)).cookie);
    await until(
      () => runtime.session.snapshot(),
      (snapshot: SessionSnapshot) => snapshot.cashier.ready && snapshot.table?.betweenHands === true,
    );
    expect((await invoke(socket, 0, 'cashier:open-shift', [0, { operator: 'Cage' }])).ok).toBe(true);
    const seat = venue.inspect.trueTable().seats.find((candidate) => candidate.name !== null);
    if (seat === undefined || seat.name === null) throw new Error('no seated player');
    const good = { kind: 'buy_in', seatId: seat.seat_id, playerName: seat.name, playerId: null, amount: 100 };
    const forged: ReadonlyArray<readonly [string, unknown]> = [
      ['a negative amount', [{ ...good, amount: -100 }]],
      ['a zero amount', [{ ...good, amount: 0 }]],
      ['an amount as text', [{ ...good, amount: '100' }]],
      ['an amount past the limit', [{ ...good, amount: 1e20 }]],
      ['an amount in fractions of a cent', [{ ...good, amount: 10.005 }]],
      ['no amount on a buy-in', [{ ...good, amount: undefined }]],
      ['a seat out of range', [{ ...good, seatId: 0 }]],
      ['a fractional seat', [{ ...good, seatId: 1.5 }]],
      ['a cash-out naming no seat', [{ ...good, kind: 'cash_out', seatId: null }]],
      ['an unknown kind', [{ ...good, kind: 'transfer' }]],
      ['an empty player name', [{ ...good, playerName: '' }]],
      ['a player name that is not text', [{ ...good, playerName: 7 }]],
      ['an unknown field', [{ ...good, stackOverride: 5 }]],
      ['a bad intent id', [{ ...good, intentId: 'x' }]],
      ['two requests in one call', [good, good]],
      ['no request at all', []],
      ['null', [null]],
    ];
    for (const [index, [what, args]] of forged.entries()) {
      const outcome = await invoke(socket, index + 1, 'cashier:request', args);
      expect({ what, ok: outcome.ok, code: outcome.error?.code }).toEqual({ what, ok: false, code: 'bad_arguments' });
    }
    expect(runtime.session.snapshot().cashier.tray).toEqual([]);
    expect(venue.inspect.ledger()).toEqual([]);

    expect((await invoke(socket, 100, 'cashier:request', [good])).ok).toBe(true);
    await until(
      () => venue.inspect.ledger(),
      (ledger) => ledger.length > 0,
    );
    expect(venue.inspect.ledger()).toHaveLength(1);
    expect(runtime.session.snapshot().cashier.tray).toHaveLength(1);
    socket.close();
  }, 30_000);
});
