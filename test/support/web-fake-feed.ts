/**
 * A hand-written LiveFeed for session tests and UI benchmarks: the test sets the table by feeding state frames
 * through the real table model, with no venue socket involved.
 */
import type { LiveChange, LiveFeed, LiveFeedFactory } from '../../main/core/session/live-feed';
import type { KeeperStatus, KeeperUpdate, LiveView } from '../../main/core/venue/live-keeper';
import type { LiveEvent, LiveState } from '../../main/core/venue/schemas-live';
import { initialTable, reduceTable, type TableState } from '../../main/core/venue/table-model';

export class FakeLiveFeed implements LiveFeed {
  private current: TableState = initialTable();
  private readonly phase: KeeperStatus = { phase: 'open', since: Date.now() };
  private readonly listeners = new Set<(view: LiveView) => void>();

  subscribe(listener: (view: LiveView) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
  /** Like the keeper: starting publishes the standing (open at once: there is no socket to wait for). */
  async start(): Promise<void> {
    this.publish({ type: 'status', status: this.phase });
  }
  async close(): Promise<void> {
    this.listeners.clear();
  }

  /** One publication, as the keeper makes it: the update with the table and standing it left; nothing proven. */
  private publish(update: KeeperUpdate): void {
    const view: LiveView = { table: this.current, status: this.phase, coverage: null, update };
    for (const listener of this.listeners) listener(view);
  }

  /** Applies one state frame (as the socket would deliver it) and tells the session. */
  frame(state: LiveState, live = true): void {
    // Like the keeper: the connection is reported once, when it opens, not with every frame.
    if (!this.current.connected)
      this.current = reduceTable(this.current, { type: 'connection', connected: true, at: Date.now() });
    const at = Date.now();
    this.current = reduceTable(this.current, { type: 'state', live, state, at });
    this.publish({ type: 'state', live, state, at });
  }

  /** Tells the listeners of one change as the keeper would (an event, a gap), leaving the table as it is. */
  notify(change: LiveChange): void {
    this.publish(keeperUpdateOf(change));
  }

  /** One live event, as the keeper reports it (the table is left as it is: the test reads what the event feeds). */
  event(event: LiveEvent): void {
    this.notify({ type: 'event', event });
  }
}

/** The keeper update a test's change stands for (a gap the venue reported on resuming after nothing). */
function keeperUpdateOf(change: LiveChange): KeeperUpdate {
  const at = Date.now();
  if (change.type === 'event') return { type: 'event', event: change.event, at, catchUp: false };
  if (change.type === 'gap')
    return { type: 'gap', gap: { afterSeq: null, resumedAtSeq: null, runEpoch: 0, reason: 'buffer-evicted' } };
  if (change.type === 'delivered') return { type: 'delivered', at };
  return { type: 'status', status: { phase: 'open', since: at } };
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
