/**
 * Test wiring for the cashier's live inputs against the demo venue: reads GET /live/state and maps it to the
 * cashier's table view (the app's venue link does this in production, from the live keeper and the REST client).
 */
import type { TableObservation } from '../../main/core/cashier/index';

interface LiveSeat {
  readonly seat_id?: number | null;
  readonly player_id?: string | null;
  readonly name?: string | null;
  readonly stack?: number | null;
  readonly in_hand?: boolean | null;
}

type TableFacts = Omit<TableObservation, 'source' | 'caughtUp' | 'receivedAt'>;

/**
 * GET /live/state as the facts a cashier's `readTable` returns (the cashier stamps when it arrived). Between hands
 * when no seated player is in a hand; unknown (null) when a seated player's in_hand is null.
 */
export async function readLiveTable(baseUrl: string, key: string, signal?: AbortSignal): Promise<TableFacts> {
  const response = await fetch(`${baseUrl}/live/state`, { headers: { authorization: `Bearer ${key}` }, signal });
  if (response.status !== 200) throw new Error(`live/state answered ${response.status}`);
  const body = (await response.json()) as {
    live: boolean;
    ts?: number;
    state: { hand_number?: number | null; seats?: LiveSeat[] } | null;
  };
  const state = body.state;
  if (state === null) throw new Error('the venue has no table state');
  const seats = state.seats ?? [];
  const seated = seats.filter((seat) => seat.player_id != null || seat.name != null);
  const unknown = seated.some((seat) => typeof seat.in_hand !== 'boolean');
  return {
    live: body.live,
    venueTs: body.ts ?? null,
    betweenHands: unknown ? null : !seated.some((seat) => seat.in_hand === true),
    handNumber: state.hand_number ?? null,
    seats: seats.map((seat) => ({
      seat_id: seat.seat_id ?? null,
      player_id: seat.player_id ?? null,
      name: seat.name ?? null,
      stack: seat.stack ?? null,
    })),
  };
}

/** The live table as a pushed, caught-up state frame received now: the test plays the live keeper's part. */
export async function streamedLiveTable(baseUrl: string, key: string, signal?: AbortSignal): Promise<TableObservation> {
  return {
    ...(await readLiveTable(baseUrl, key, signal)),
    source: 'state-frame',
    caughtUp: true,
    receivedAt: Date.now(),
  };
}

/** Polls until `done()` (real time), failing after `limitMs`. */
export async function eventually(
  done: () => boolean,
  limitMs = 20_000,
  state: () => string = () => 'no state given',
): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`condition not reached in ${limitMs} ms (${state()})`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
