/**
 * Settling a hand on the betting engine's columns (both tables): main and side pots from the contributions, the rake
 * taken from the main pot first ("no flop, no drop"), the showdown by the shared evaluator, split pots with the odd
 * cents going to the first winners left of the button. Uncalled bets must already be back (BettingHand.returnUncalled).
 */
import type { BettingHand } from './betting-hand';
import { strengthOfCodes } from './evaluator';
import { MAX_PLAYERS, NONE } from './hand-codes';
import { rakeCapCents, rakeFor } from './rake';

/** A settled hand: what each player won, the rake, and the showdown strengths (the synthetic HandLog is one). */
export interface Settlement {
  /** Cents won by ring index. */
  readonly won: Int32Array;
  /** Showdown strength (smaller is better); meaningful only for players at showdown. */
  readonly strength: Int32Array;
  showdown: boolean;
  rake: number;
}

/** An empty settlement, reusable hand after hand. */
export const newSettlement = (): Settlement => ({
  won: new Int32Array(MAX_PLAYERS),
  strength: new Int32Array(MAX_PLAYERS),
  showdown: false,
  rake: 0,
});

const seven = new Uint8Array(7);
const winners: number[] = [];

function evaluateShowdown(hand: BettingHand, into: Settlement): void {
  seven.set(hand.board.subarray(0, hand.boardLength), 2);
  for (let player = 0; player < hand.count; player += 1) {
    if (hand.folded[player] !== NONE) continue;
    seven[0] = hand.hole[player * 2] as number;
    seven[1] = hand.hole[player * 2 + 1] as number;
    into.strength[player] = strengthOfCodes(seven, 2 + hand.boardLength);
  }
}

/** Awards one pot (after its share of the rake) among the live players who put in at least `level`. */
function awardPot(hand: BettingHand, into: Settlement, amount: number, level: number): void {
  winners.length = 0;
  let best = Number.POSITIVE_INFINITY;
  // Ring order from the button's left (the button itself last) is the order odd cents go in.
  for (let offset = 1; offset <= hand.count; offset += 1) {
    const player = offset % hand.count;
    if (hand.folded[player] !== NONE || (hand.contributed[player] as number) < level) continue;
    const strength = into.showdown ? (into.strength[player] as number) : 0;
    if (strength < best) {
      best = strength;
      winners.length = 0;
    }
    if (strength === best) winners.push(player);
  }
  const share = Math.floor(amount / winners.length);
  let odd = amount - share * winners.length;
  for (const winner of winners) {
    const extra = odd > 0 ? 1 : 0;
    odd -= extra;
    into.won[winner] = (into.won[winner] as number) + share + extra;
  }
}

function hasLiveAbove(hand: BettingHand, level: number): boolean {
  for (let player = 0; player < hand.count; player += 1)
    if (hand.folded[player] === NONE && (hand.contributed[player] as number) > level) return true;
  return false;
}

/** Settles the pot into `into` (won, rake, showdown, strengths). Stacks are not credited: the caller pays out. */
export function settle(hand: BettingHand, into: Settlement): void {
  into.won.fill(0);
  const pot = hand.pot();
  into.rake = rakeFor(pot, hand.boardLength >= 3, rakeCapCents(hand.bigBlind));
  into.showdown = hand.liveCount() > 1;
  if (into.showdown) evaluateShowdown(hand, into);
  let rakeOwed = into.rake;
  let previous = 0;
  let awarded = 0;
  // Each distinct live contribution level closes a pot: main pot first, then the side pots.
  for (;;) {
    let level = Number.POSITIVE_INFINITY;
    for (let player = 0; player < hand.count; player += 1) {
      const amount = hand.contributed[player] as number;
      if (hand.folded[player] === NONE && amount > previous && amount < level) level = amount;
    }
    if (level === Number.POSITIVE_INFINITY) break;
    let amount = 0;
    for (let player = 0; player < hand.count; player += 1)
      amount += Math.max(0, Math.min(hand.contributed[player] as number, level) - previous);
    // Chips a folded player put in above every live player's total still belong to the last pot.
    if (!hasLiveAbove(hand, level)) amount = pot - awarded;
    awarded += amount;
    const taken = Math.min(rakeOwed, amount);
    rakeOwed -= taken;
    if (amount > 0) awardPot(hand, into, amount - taken, level);
    previous = level;
  }
}
