/**
 * Settling a hand: side pots from the contributions, rake from the pots, showdown by the shared evaluator (named as
 * pokersolver names hands), split pots with the odd cents going to the first winners left of the button.
 */
import { handName, strengthOf } from '../poker/evaluator';
import type { HandPlayer } from './types';

export interface Pot {
  readonly amount: number;
  readonly eligible: readonly HandPlayer[];
}

/** Main pot then side pots, from what every player (folded ones included) put in. */
export function buildPots(players: readonly HandPlayer[]): Pot[] {
  const live = players.filter((player) => !player.folded);
  const levels = [...new Set(live.map((player) => player.contributed))].sort((a, b) => a - b);
  const pots: Pot[] = [];
  let previous = 0;
  for (const level of levels) {
    const amount = players.reduce((sum, player) => sum + Math.max(0, Math.min(player.contributed, level) - previous), 0);
    const eligible = live.filter((player) => player.contributed >= level);
    if (amount > 0) pots.push({ amount, eligible });
    previous = level;
  }
  // Chips a folded player put in above every live player's total still belong to the last pot.
  const leftover = players.reduce((sum, player) => sum + Math.max(0, player.contributed - previous), 0);
  const last = pots.at(-1);
  if (leftover > 0 && last !== undefined) pots[pots.length - 1] = { amount: last.amount + leftover, eligible: last.eligible };
  return pots;
}

export { rakeFor } from '../poker/rake';

/** Takes the rake out of the pots, main pot first. */
export function takeRake(pots: readonly Pot[], rake: number): Pot[] {
  let owed = rake;
  return pots.map((pot) => {
    const taken = Math.min(owed, pot.amount);
    owed -= taken;
    return { amount: pot.amount - taken, eligible: pot.eligible };
  });
}

export interface Settlement {
  /** Cents won per seat id. */
  readonly won: ReadonlyMap<number, number>;
  /** pokersolver's name of each showdown hand, by seat id. */
  readonly handNames: ReadonlyMap<number, string>;
  readonly showdown: boolean;
}

/** Seat ids in dealing order after the button: who gets the odd cents first. */
const leftOfButton = (seatId: number, buttonSeat: number, seatCount: number): number =>
  (seatId - buttonSeat + seatCount) % seatCount || seatCount;

export function settle(pots: readonly Pot[], board: readonly string[], buttonSeat: number, seatCount: number): Settlement {
  const won = new Map<number, number>();
  const handNames = new Map<number, string>();
  const live = new Set(pots.flatMap((pot) => pot.eligible));
  const showdown = live.size > 1;
  // Smaller strength is better.
  const strengths = new Map<HandPlayer, number>();
  if (showdown) {
    for (const player of live) {
      const strength = strengthOf([...player.hole, ...board]);
      strengths.set(player, strength);
      handNames.set(player.seatId, handName(strength));
    }
  }
  for (const pot of pots) {
    let winners: HandPlayer[] = [...pot.eligible];
    if (winners.length > 1) {
      const best = Math.min(...winners.map((player) => strengths.get(player) ?? Number.POSITIVE_INFINITY));
      winners = winners.filter((player) => strengths.get(player) === best);
    }
    winners.sort((a, b) => leftOfButton(a.seatId, buttonSeat, seatCount) - leftOfButton(b.seatId, buttonSeat, seatCount));
    const share = Math.floor(pot.amount / winners.length);
    let odd = pot.amount - share * winners.length;
    for (const winner of winners) {
      const extra = odd > 0 ? 1 : 0;
      odd -= extra;
      won.set(winner.seatId, (won.get(winner.seatId) ?? 0) + share + extra);
    }
  }
  return { won, handNames, showdown };
}
