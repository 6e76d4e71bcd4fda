/**
 * Brings a web runtime on the demo venue to where a buy-in can be asked over a bridge socket: the cashier ready
 * between hands, a shift opened (money moves only inside one), and a seated player found to buy in.
 */
import type { WebSocket } from 'ws';
import type { RunningDemoVenue } from '../../main/demo';
import type { WebRuntime } from '../../main/web/runtime';
import type { SessionSnapshot } from '../../preload/contract';
import { invokeOnBridge, type InvokeOutcome } from './bridge-invoke';
import { waitFor } from './venue-live-harness';

export interface ShiftReady {
  /** The outcome of the open-shift invoke (sent with id 0), for the caller to assert on. */
  readonly opened: InvokeOutcome;
  readonly seat: { readonly seat_id: number; readonly name: string };
}

/** Waits for the cashier between hands, opens a shift over `socket`, and returns a seated player. */
export async function openShiftOverBridge(
  runtime: WebRuntime,
  venue: RunningDemoVenue,
  socket: WebSocket,
): Promise<ShiftReady> {
  await waitFor(() => {
    const snapshot: SessionSnapshot = runtime.session.snapshot();
    return snapshot.cashier.ready && snapshot.table?.betweenHands === true;
  }, 'the cashier ready between hands');
  const opened = await invokeOnBridge(socket, 0, 'cashier:open-shift', [0, { operator: 'Cage' }]);
  const seat = venue.inspect.trueTable().seats.find((candidate) => candidate.name !== null);
  if (seat === undefined || seat.name === null) throw new Error('no seated player');
  return { opened, seat: { seat_id: seat.seat_id, name: seat.name } };
}
