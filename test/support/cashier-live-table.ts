/**
 * Test wiring for the cashier's live inputs against the demo venue: reads GET /live/state and maps it to the
 * cashier's table view (the app's live keeper does this in production).
 */
import type { TableObservation } from '../../main/core/cashier/index';

interface LiveSeat {
  readonly seat_id?: number | null;
  readonly player_id?: string | null;
  readonly name?: string | null;
  readonly stack?: number | null;
  readonly in_hand?: boolean | null;
}

/** Reads the live table; between hands when no street is being played. */
export async function readLiveTable(baseUrl: string, key: string, signal?: AbortSignal): Promise<TableObservation> {
  const response = await fetch(`${baseUrl}/live/state`, { headers: { authorization: `Bearer ${key}` }, signal });
  if (response.status !== 200) throw new Error(`live/state answered ${response.status}`);
  const body = (await response.json()) as { state: { street?: string | null; hand_number?: number | null; seats?: LiveSeat[] } | null };
  const state = body.state;
  if (state === null) return { betweenHands: false, handNumber: null, seats: [] };
  const seats = (state.seats ?? []).map((seat) => ({ seat_id: seat.seat_id ?? null, player_id: seat.player_id ?? null, name: seat.name ?? null, stack: seat.stack ?? null }));
  return { betweenHands: state.street == null, handNumber: state.hand_number ?? null, seats };
}

/** Polls until `done()` (real time), failing after `limitMs`. */
export async function eventually(done: () => boolean, limitMs = 20_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('condition not reached');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
