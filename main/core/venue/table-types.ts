/**
 * The table model's state and inputs. Everything is readonly: the reducer returns a new state for every input
 * and shares whatever did not change.
 */
import type { BoundedLog } from './bounded-log';
import type { Blinds } from './schemas-rest';
import type { LiveEvent, LiveState } from './schemas-live';

/** One seat as the cashier sees it. */
export interface TableSeat {
  readonly seat_id: number;
  readonly player_id: string | null;
  readonly name: string | null;
  readonly stack: number | null;
  readonly in_hand: boolean;
  readonly present: boolean;
}

/** What a ticker line reports. */
export type TickerKind = 'hand' | 'action' | 'street' | 'result' | 'payout' | 'money';

/** One line of the action ticker: actions, streets, results, payouts and money movements. */
export interface TickerEntry {
  readonly kind: TickerKind;
  readonly seq: number;
  /** The event's `ts` as the venue stamped it. */
  readonly ts: number;
  readonly hand_number: number | null;
  readonly seat_id: number | null;
  readonly player_id: string | null;
  readonly name: string | null;
  /** action_type, street name, transaction kind, or 'start'/'end'. */
  readonly label: string;
  readonly amount: number | null;
  readonly stack_after: number | null;
}

/** Why a stack point was recorded. */
export type StackReason = 'state' | 'start_hand' | 'end_hand' | 'payout' | 'transaction';

/** One point of a player's stack history. */
export interface StackPoint {
  /** The event seq, or null for a state frame. */
  readonly seq: number | null;
  /** Receive time (ms). */
  readonly at: number;
  readonly stack: number;
  readonly reason: StackReason;
}

/** Bounds of the model's histories. */
export interface TableLimits {
  readonly tickerSize: number;
  readonly stackHistorySize: number;
}

/** The whole picture of the table. */
export interface TableState {
  /** The `live` flag of the latest state frame; null before any frame. */
  readonly live: boolean | null;
  /** Whether the socket is open right now (a connection fact). */
  readonly connected: boolean;
  readonly handNumber: number | null;
  readonly tableName: string | null;
  readonly street: string | null;
  readonly board: readonly string[];
  readonly button: number | null;
  readonly actionOn: number | null;
  readonly pot: number;
  readonly currentBet: number;
  readonly blinds: Blinds | null;
  readonly gameMode: string | null;
  readonly bettingStructure: string | null;
  readonly numSeats: number | null;
  /** Ordered by seat_id. */
  readonly seats: readonly TableSeat[];
  /** Money may move: after end_hand and before start_hand (or a state frame with nobody in a hand). */
  readonly betweenHands: boolean;
  /**
   * Whether `betweenHands` rests on facts: false when the latest state frame left a seated player's `in_hand` null
   * (the spec allows it) and no start_hand or end_hand has said since. Money decisions treat false as unknown.
   */
  readonly handStateKnown: boolean;
  /** Chips each seat has put in on the current street, indexed by seat_id (0 when none); current_bet is the top. */
  readonly streetBets: readonly number[];
  /** Newest last, at most `limits.tickerSize` (`.toArray()` for a plain list). */
  readonly ticker: BoundedLog<TickerEntry>;
  /** Keyed on player_id (never the name), each at most `limits.stackHistorySize`, oldest first. */
  readonly stackHistory: Readonly<Record<string, BoundedLog<StackPoint>>>;
  /** The seq of the latest applied event (informational; the keeper owns ordering). */
  readonly lastSeq: number | null;
  /** Receive time (ms) of the latest frame or event; data age is measured from it. */
  readonly lastDataAt: number | null;
  /** Receive time (ms) of the latest state frame. */
  readonly lastStateFrameAt: number | null;
  readonly limits: TableLimits;
}

/**
 * Everything that can change the table: a state frame, an applied event, a catch-up event (already reflected by
 * the state frame: ticker only), or a connection fact. `at` = receive time in ms.
 */
export type TableInput =
  | { readonly type: 'state'; readonly live: boolean; readonly state: LiveState | null; readonly at: number }
  | { readonly type: 'event'; readonly event: LiveEvent; readonly at: number }
  | { readonly type: 'catch-up'; readonly event: LiveEvent; readonly at: number }
  | { readonly type: 'connection'; readonly connected: boolean; readonly at: number };
