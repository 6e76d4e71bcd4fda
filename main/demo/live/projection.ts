/**
 * The LiveState whitelist. The state is BUILT by copying the spec's fields one by one from the engine, never by
 * deleting secrets from a copy, so hole cards, reveal flags and equity cannot leak even if the engine grows.
 */
import { toChips } from '../engine/cents';
import type { TableEngine } from '../engine/table-engine';

export interface LiveSeat {
  readonly seat_id: number;
  readonly name: string | null;
  readonly player_id: string | null;
  readonly stack: number | null;
  readonly in_hand: boolean | null;
  readonly present: boolean;
}

export interface LiveState {
  readonly ts: number;
  readonly hand_number: number | null;
  readonly table_name: string;
  readonly street: string | null;
  readonly board: readonly string[];
  readonly button: number | null;
  readonly action_on: number | null;
  readonly pot: number;
  readonly current_bet: number;
  readonly game_mode: string;
  readonly betting_structure: string;
  readonly blinds: {
    readonly small_blind: number;
    readonly big_blind: number;
    readonly ante: number;
    readonly straddle: number;
  };
  readonly tournament: null;
  readonly hand_decided: boolean;
  readonly num_seats: number;
  readonly seats: readonly LiveSeat[];
}

/** The spec's LiveState for the engine as it stands at `nowMs`. */
export function projectLiveState(engine: TableEngine, nowMs: number): LiveState {
  const hand = engine.hand;
  const stakes = engine.options.stakes;
  return {
    ts: nowMs / 1000,
    hand_number: engine.lastHandNumber === 0 ? null : engine.lastHandNumber,
    table_name: engine.options.tableName,
    street: hand?.street ?? null,
    board: [...(hand?.board ?? engine.lastBoard)],
    button: engine.buttonSeat,
    action_on: hand?.actionOn ?? null,
    pot: toChips(engine.potCents()),
    current_bet: toChips(hand?.currentBet ?? 0),
    game_mode: 'cash',
    betting_structure: 'no_limit',
    blinds: {
      small_blind: stakes.small_blind,
      big_blind: stakes.big_blind,
      ante: stakes.ante,
      straddle: stakes.straddle,
    },
    tournament: null,
    // Decided once the last bet is in and the settlement runs (or between hands).
    hand_decided: hand === null || engine.phase === 'settling',
    num_seats: engine.seats.length,
    seats: engine.seats.map((seat) => ({
      seat_id: seat.seatId,
      name: seat.name,
      player_id: seat.playerId,
      stack: seat.stack === null ? null : toChips(seat.stack),
      in_hand: hand?.players.some((player) => player.seatId === seat.seatId && !player.folded) ?? false,
      present: seat.present,
    })),
  };
}
