/**
 * A hand-written LiveFeed for session tests and UI benchmarks: the test sets the table by feeding state frames
 * through the real table model, with no venue socket involved.
 */
import type { LiveChange, LiveFeed, LiveFeedFactory } from '../../main/core/session/live-feed';
import type { KeeperStatus } from '../../main/core/venue/live-keeper';
import type { LiveEvent, LiveState } from '../../main/core/venue/schemas-live';
import { initialTable, reduceTable, type TableState } from '../../main/core/venue/table-model';

export class FakeLiveFeed implements LiveFeed {
  private current: TableState = initialTable();
  private phase: KeeperStatus = { phase: 'open', since: Date.now() };
  private readonly listeners = new Set<(change: LiveChange) => void>();

  table(): TableState {
    return this.current;
  }
  status(): KeeperStatus {
    return this.phase;
  }
  subscribe(listener: (change: LiveChange) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
  async close(): Promise<void> {
    this.listeners.clear();
  }

  /** Applies one state frame (as the socket would deliver it) and tells the session. */
  frame(state: LiveState, live = true): void {
    // Like the keeper: the connection is reported once, when it opens, not with every frame.
    if (!this.current.connected)
      this.current = reduceTable(this.current, { type: 'connection', connected: true, at: Date.now() });
    this.current = reduceTable(this.current, { type: 'state', live, state, at: Date.now() });
    for (const listener of this.listeners) listener({ type: 'table' });
  }

  /** Tells the listeners of one change as the keeper would (an event, a gap), leaving the table as it is. */
  notify(change: LiveChange): void {
    for (const listener of this.listeners) listener(change);
  }

  /** One live event, as the keeper reports it (the table is left as it is: the test reads what the event feeds). */
  event(event: LiveEvent): void {
    this.notify({ type: 'event', event });
  }
}

/** A six-seat table between hands, with `pot` as the changing value. */
export function tableFrame(pot: number, handNumber = 1): LiveState {
  return {
    hand_number: handNumber,
    table_name: 'Bench',
    street: null,
    board: [],
    button: 1,
    action_on: null,
    pot,
    current_bet: 0,
    blinds: { small_blind: 1, big_blind: 2, ante: 0, straddle: 0 },
    num_seats: 6,
    seats: [1, 2, 3, 4, 5, 6].map((seat) => ({
      seat_id: seat,
      name: `Player ${seat}`,
      player_id: `00000000-0000-4000-8000-00000000000${seat}`,
      stack: 200,
      in_hand: false,
      present: true,
    })),
  };
}

/** A factory that hands the session this feed. */
export function fakeFeedFactory(feed: FakeLiveFeed): LiveFeedFactory {
  return async () => feed;
}
