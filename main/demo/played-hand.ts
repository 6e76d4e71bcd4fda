/**
 * The whole truth of one finished hand inside the demo venue. The live engine produces one at every hand's end and
 * the synthetic history generator produces them in bulk; the historical plane projects them into the published
 * summaries and details (applying money_mode and the showed_cards rule), and webhooks into hand.finished.
 * Amounts are table chips. Times are Unix seconds (fractions allowed).
 */

export type DemoStreet = 'preflop' | 'flop' | 'turn' | 'river' | 'showdown';

export type DemoHistoryAction =
  'DEAL' | 'POST_BLIND' | 'STRADDLE' | 'BET' | 'CALL' | 'RAISE' | 'FOLD' | 'CHECK' | 'ALL_IN';

export interface DemoStakes {
  readonly small_blind: number;
  readonly big_blind: number;
  readonly ante: number;
  readonly straddle: number;
}

export interface PlayedHandPlayer {
  readonly seat_id: number;
  readonly player_id: string;
  readonly player_name: string;
  /** BTN, SB, BB, UTG, UTG+1, MP, HJ, CO */
  readonly position: string;
  /** Two cards such as "Ah", "Td". Published only when showed_cards is true. */
  readonly hole_cards: readonly [string, string];
  readonly showed_cards: boolean;
  readonly went_to_showdown: boolean;
  /** pokersolver's hand name at showdown (e.g. "Two Pair"), null when the player did not reach showdown. */
  readonly hand_rank_name: string | null;
  /** The street the player folded on, null when they did not fold. */
  readonly folded_street: DemoStreet | null;
  readonly won_at_showdown: boolean;
  readonly stack_start: number;
  readonly contributed: number;
  readonly won: number;
  /** won - contributed */
  readonly net: number;
}

export interface PlayedHandAction {
  readonly seat_id: number | null;
  readonly player_id: string | null;
  readonly player_name: string;
  readonly action: DemoHistoryAction;
  /** The increment for this action in table chips; null for DEAL, CHECK and FOLD. */
  readonly amount: number | null;
  readonly street: DemoStreet;
  readonly position: string | null;
  readonly ts: number;
  readonly decision_ms: number | null;
}

export interface PlayedHand {
  /** Historical id, stable across republishing. */
  readonly hand_id: string;
  /** The table's sequence number. */
  readonly hand_number: number;
  readonly session_uid: string;
  readonly started_at: number;
  /** When the hand ended (its summary `ts`). */
  readonly ts: number;
  readonly game_mode: string;
  readonly betting_structure: string;
  readonly stakes: DemoStakes;
  readonly button_seat: number;
  readonly board: readonly string[];
  /** Cards dealt on each street, e.g. { flop: ["Ah","Kd","2c"], turn: ["9s"], river: ["3h"] }. */
  readonly streets: Readonly<Record<string, readonly string[]>>;
  readonly pot: number;
  readonly rake: number;
  readonly winner_seats: readonly number[];
  readonly players: readonly PlayedHandPlayer[];
  readonly actions: readonly PlayedHandAction[];
}
