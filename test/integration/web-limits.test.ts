/**
 * The web runtime's connection caps, loaded on loopback only and bounded (150 idle sockets, a few seconds): past the
 * runtime's cap a connection is told why (503) and closed, a session past its own socket cap is refused (429), and a
 * cashier already connected keeps working: a buy-in asked over its socket meanwhile applies exactly once.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoVenue, type RunningDemoVenue } from '../../main/demo';
import { MAX_CONNECTIONS, MAX_SOCKETS_PER_SESSION } from '../../main/web/server';
import { startWebRuntime, type WebRuntime } from '../../main/web/runtime';
import type { SessionSnapshot } from '../../preload/contract';
import { FAST_DEMO } from '../support/web-app';
import { exchangeLink, openBridgeSocket } from '../support/web-session';

let venue: RunningDemoVenue;
let runtime: WebRuntime;
let dataDir: string;
const idle: Socket[] = [];

beforeAll(async () => {
  venue = await startDemoVenue(FAST_DEMO);
  dataDir = await mkdtemp(join(tmpdir(), 'venue-web-limits-'));
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
  for (const socket of idle) socket.destroy();
  await runtime?.close();
  await venue?.close();
  if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true });
});

/** One idle TCP connection to the runtime: what it was told before `settleMs` passed, and whether it was closed. */
function idleConnection(port: number, settleMs: number): Promise<{ text: string; closed: boolean }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    idle.push(socket);
    let text = '';
    let closed = false;
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      closed = true;
    });
    setTimeout(() => resolve({ text, closed }), settleMs);
  });
}

/** Sends one invoke on a bridge socket and resolves with its outcome. */
function invoke(socket: WebSocket, id: number, channel: string, args: unknown[]): Promise<{ ok: boolean }> {
  return new Promise((resolve) => {
    const onMessage = (data: Buffer) => {
      const message = JSON.parse(String(data)) as { t: string; id?: number; outcome?: { ok: boolean } };
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

describe('the web runtime under a flood of local connections', () => {
  it('refuses connections past its cap with a clear 503 while a connected cashier buys in exactly once', async () => {
    const won = await exchangeLink(runtime.url);
    const cashier = await openBridgeSocket(runtime.server.port, '/bridge', won.cookie);
    // The same session cannot hold more than its share of sockets.
    const extra: WebSocket[] = [];
    for (let index = 1; index < MAX_SOCKETS_PER_SESSION; index += 1)
      extra.push(await openBridgeSocket(runtime.server.port, '/bridge', won.cookie));
    await expect(openBridgeSocket(runtime.server.port, '/bridge', won.cookie)).rejects.toThrow(/429/);
    for (const socket of extra) socket.close();

    const flood = MAX_CONNECTIONS + 22;
    const results = await Promise.all(Array.from({ length: flood }, () => idleConnection(runtime.server.port, 1_500)));
    const refused = results.filter((result) => result.text.startsWith('HTTP/1.1 503'));
    expect(refused.length).toBeGreaterThanOrEqual(flood - MAX_CONNECTIONS);
    expect(refused.length).toBeLessThan(flood);
    for (const result of refused) {
      expect(result.text).toContain('too many connections to the Venue Cashier web runtime');
      expect(result.closed).toBe(true);
    }
    // One more, past the cap, is refused as well: the cap holds, whoever asks.
    expect((await idleConnection(runtime.server.port, 300)).text).toMatch(/^HTTP\/1\.1 503/);

    // Meanwhile the cashier's own socket still serves its session: one buy-in, applied once.
    await until(
      () => runtime.session.snapshot(),
      (snapshot: SessionSnapshot) => snapshot.cashier.ready && snapshot.table?.betweenHands === true,
    );
    // Money moves only inside a shift, and nothing opens one by itself.
    expect(await invoke(cashier, 0, 'cashier:open-shift', [0, { operator: 'Cage' }])).toMatchObject({ ok: true });
    const seat = venue.inspect.trueTable().seats.find((candidate) => candidate.name !== null);
    if (seat === undefined || seat.name === null) throw new Error('no seated player');
    const request = { kind: 'buy_in', seatId: seat.seat_id, playerName: seat.name, playerId: null, amount: 100 };
    expect(await invoke(cashier, 1, 'cashier:request', [request])).toMatchObject({ ok: true });
    await until(
      () => venue.inspect.ledger(),
      (ledger) => ledger.length > 0,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(venue.inspect.ledger()).toHaveLength(1);
    expect(venue.inspect.ledger()[0]).toMatchObject({ kind: 'buy_in', amount: 100, seat_id: seat.seat_id });

    // The flood gone, pages load again.
    for (const socket of idle.splice(0)) socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await fetch(`http://127.0.0.1:${runtime.server.port}/`)).status).toBe(200);
    cashier.close();
  }, 30_000);
});
