/**
 * The web runtime's connection caps, loaded on loopback only and bounded (150 idle sockets, a few seconds): past the
 * runtime's cap a connection is told why (503) and closed, a session past its own socket cap is refused (429), and a
 * cashier already connected keeps working: a buy-in asked over its socket meanwhile applies exactly once.
 */
import { connect, type Socket } from 'node:net';
import type { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningDemoVenue } from '../../main/demo';
import { MAX_CONNECTIONS, MAX_SOCKETS_PER_SESSION } from '../../main/web/server';
import type { WebRuntime } from '../../main/web/runtime';
import { invokeOnBridge as invoke } from '../support/bridge-invoke';
import { startDemoWebRuntime, type DemoWebRuntime } from '../support/demo-web-runtime';
import { waitFor } from '../support/venue-live-harness';
import { openShiftOverBridge } from '../support/web-shift-ready';
import { exchangeLink, openBridgeSocket } from '../support/web-session';

let demo: DemoWebRuntime | undefined;
let venue: RunningDemoVenue;
let runtime: WebRuntime;
const idle: Socket[] = [];

beforeAll(async () => {
  demo = await startDemoWebRuntime('venue-web-limits-');
  ({ venue, runtime } = demo);
});

afterAll(async () => {
  for (const socket of idle) socket.destroy();
  await demo?.close();
});

/**
 * One idle TCP connection to the runtime: what it was told, and whether it was closed, once the runtime closed it or
 * `settleMs` passed (a connection the runtime keeps stays open that long; a refused one ends as soon as it is closed,
 * however long a loaded machine takes to answer).
 */
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
      resolve({ text, closed });
    });
    setTimeout(() => resolve({ text, closed }), settleMs);
  });
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
    expect((await idleConnection(runtime.server.port, 20_000)).text).toMatch(/^HTTP\/1\.1 503/);

    // Meanwhile the cashier's own socket still serves its session: one buy-in, applied once.
    // Money moves only inside a shift, and nothing opens one by itself.
    const { opened, seat } = await openShiftOverBridge(runtime, venue, cashier);
    expect(opened).toMatchObject({ ok: true });
    const request = { kind: 'buy_in', seatId: seat.seat_id, playerName: seat.name, playerId: null, amount: 100 };
    expect(await invoke(cashier, 1, 'cashier:request', [request])).toMatchObject({ ok: true });
    await waitFor(() => venue.inspect.ledger().length > 0, 'a ledger entry');
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
