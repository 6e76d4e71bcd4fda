/**
 * The settlement of a hand read for the table: what each seat won, the hand names at a showdown, and whose cards were
 * shown (winners table their hands; a beaten player mucks half the time).
 */
import type { Rng } from '../rng';
import { handName } from '../poker/evaluator';
import { settle, type Settlement } from '../poker/settlement';
import type { HandInProgress, HandPlayer } from './types';

export interface SettledPot {
  /** Every chip in the pot before the rake, in cents. */
  readonly total: number;
  readonly rake: number;
  /** Seat id → cents won. */
  readonly won: ReadonlyMap<number, number>;
  /** Seat id → hand name, for the players who reached a showdown. */
  readonly handNames: ReadonlyMap<number, string>;
  /** The seats whose cards were shown. */
  readonly shown: ReadonlySet<number>;
  readonly showdown: boolean;
}

/** Settles `hand`'s pot into `settlement` (reused hand after hand) and reads it by seat. */
export function settleOutcome(hand: HandInProgress, settlement: Settlement, decisions: Rng): SettledPot {
  const live: HandPlayer[] = hand.players.filter((player) => !player.folded);
  const total = hand.bets.pot();
  settle(hand.bets, settlement);
  const won = new Map(hand.players.map((player) => [player.seatId, settlement.won[player.index] as number]));
  const handNames = new Map(
    settlement.showdown
      ? live.map((player) => [player.seatId, handName(settlement.strength[player.index] as number)])
      : [],
  );
  const shown = new Set<number>();
  if (settlement.showdown) {
    for (const player of live) {
      if ((won.get(player.seatId) ?? 0) > 0 || decisions.next() < 0.5) shown.add(player.seatId);
    }
  }
  return { total, rake: settlement.rake, won, handNames, shown, showdown: settlement.showdown };
}
