/**
 * The cashier trusts its request's type: only the contract's parse makes one, and nothing checks it again. So a
 * request that skips the renderer, a hand-written invoke frame on the web runtime's bridge socket, must still be
 * refused by the session's dispatch (bad_arguments) before it reaches the cashier: nothing journaled, nothing sent
 * to the venue. One well-formed request on the same socket then goes, so the refusals are not a dead socket's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningDemoVenue } from '../../main/demo';
import type { WebRuntime } from '../../main/web/runtime';
import { invokeOnBridge as invoke } from '../support/bridge-invoke';
import { startDemoWebRuntime, type DemoWebRuntime } from '../support/demo-web-runtime';
import { waitFor } from '../support/venue-live-harness';
import { openShiftOverBridge } from '../support/web-shift-ready';
import { exchangeLink, openBridgeSocket } from '../support/web-session';

let demo: DemoWebRuntime | undefined;
let venue: RunningDemoVenue;
let runtime: WebRuntime;

beforeAll(async () => {
  demo = await startDemoWebRuntime('venue-web-forged-');
  ({ venue, runtime } = demo);
});

afterAll(async () => {
  await demo?.close();
});

describe('a movement request forged on the bridge socket', () => {
  it('is refused by dispatch whatever it breaks; the cashier journals and sends nothing', async () => {
    const socket = await openBridgeSocket(runtime.server.port, '/bridge', (await exchangeLink(runtime.url)).cookie);
    const { opened, seat } = await openShiftOverBridge(runtime, venue, socket);
    expect(opened.ok).toBe(true);
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
    await waitFor(() => venue.inspect.ledger().length > 0, 'a ledger entry');
    expect(venue.inspect.ledger()).toHaveLength(1);
    expect(runtime.session.snapshot().cashier.tray).toHaveLength(1);
    socket.close();
  }, 30_000);
});
