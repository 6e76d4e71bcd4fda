/**
 * No-Limit betting rules on a HandInProgress: who acts next, what is legal, and applying a move (min-raise, short
 * all-ins that do not reopen the action, uncalled bets returned).
 */
import type { BotMove, EngineSeat, HandInProgress, HandPlayer } from './types';

/** The limits one player faces when it is their turn (cents). */
export interface TurnOptions {
  readonly toCall: number;
  readonly stack: number;
  /** Smallest legal street total for a bet or raise (may exceed the stack: then only all-in raises). */
  readonly minRaiseTo: number;
  /** False after a short all-in when this player has already acted on the street. */
  readonly mayRaise: boolean;
}

/** What applying a move did, for the event and the history. */
export interface AppliedMove {
  readonly actionType: 'fold' | 'check' | 'call' | 'bet' | 'raise' | 'all_in';
  /** Cents put in by this action (0 for fold and check). */
  readonly increment: number;
}

const canAct = (player: HandPlayer): boolean => !player.folded && !player.allIn;

export const livePlayers = (hand: HandInProgress): HandPlayer[] => hand.players.filter((player) => !player.folded);

/** True while the player must still act on this street. */
export const needsToAct = (hand: HandInProgress, player: HandPlayer): boolean =>
  canAct(player) && (player.actedReopen === -1 || player.streetBet < hand.currentBet);

/** The next player after `fromSeat` (exclusive, in seat order) who must act, or null when the street is done. */
export function nextToAct(hand: HandInProgress, fromSeat: number): HandPlayer | null {
  if (livePlayers(hand).length <= 1) return null;
  const ordered = [...hand.players].sort((a, b) => a.seatId - b.seatId);
  const after = ordered.filter((player) => player.seatId > fromSeat);
  const before = ordered.filter((player) => player.seatId <= fromSeat);
  for (const player of [...after, ...before]) {
    if (!needsToAct(hand, player)) continue;
    // A lone player with chips facing no bet has nobody to play against.
    const othersWhoCanAct = hand.players.filter((other) => other !== player && canAct(other)).length;
    if (othersWhoCanAct === 0 && player.streetBet >= hand.currentBet) continue;
    return player;
  }
  return null;
}

export function turnOptions(hand: HandInProgress, player: HandPlayer, seat: EngineSeat, bigBlind: number): TurnOptions {
  const stack = seat.stack ?? 0;
  const toCall = Math.min(stack, Math.max(0, hand.currentBet - player.streetBet));
  const increment = Math.max(hand.lastRaiseSize, bigBlind);
  const minRaiseTo = hand.currentBet === 0 ? bigBlind : hand.currentBet + increment;
  const mayRaise = player.actedReopen !== hand.reopenId;
  return { toCall, stack, minRaiseTo, mayRaise };
}

function putIn(player: HandPlayer, seat: EngineSeat, cents: number): void {
  const stack = seat.stack ?? 0;
  const amount = Math.min(stack, cents);
  seat.stack = stack - amount;
  player.streetBet += amount;
  player.contributed += amount;
  if (seat.stack === 0) player.allIn = true;
}

/**
 * Applies a move, coercing it to the nearest legal one (a bot asking for an illegal size gets the legal size; a
 * check facing a bet becomes a fold), so the engine never enters an illegal state.
 */
export function applyMove(hand: HandInProgress, player: HandPlayer, seat: EngineSeat, move: BotMove, bigBlind: number): AppliedMove {
  const options = turnOptions(hand, player, seat, bigBlind);
  const stack = options.stack;
  player.actedReopen = hand.reopenId;
  const raiseTo = (target: number): AppliedMove => {
    const maxTo = player.streetBet + stack;
    const to = Math.min(maxTo, Math.max(target, options.minRaiseTo));
    const wasBet = hand.currentBet === 0;
    const increment = to - player.streetBet;
    const raiseSize = to - hand.currentBet;
    putIn(player, seat, increment);
    if (to > hand.currentBet) {
      if (raiseSize >= Math.max(hand.lastRaiseSize, bigBlind) || wasBet) {
        hand.lastRaiseSize = raiseSize;
        hand.reopenId += 1;
        player.actedReopen = hand.reopenId;
      }
      hand.currentBet = to;
      hand.raisesThisStreet += 1;
    }
    if (player.allIn) return { actionType: 'all_in', increment };
    return { actionType: wasBet ? 'bet' : 'raise', increment };
  };
  switch (move.type) {
    case 'fold':
      if (options.toCall === 0) return { actionType: 'check', increment: 0 };
      player.folded = true;
      player.foldedStreet = hand.street;
      return { actionType: 'fold', increment: 0 };
    case 'check':
      if (options.toCall > 0) {
        player.folded = true;
        player.foldedStreet = hand.street;
        return { actionType: 'fold', increment: 0 };
      }
      return { actionType: 'check', increment: 0 };
    case 'call': {
      if (options.toCall === 0) return { actionType: 'check', increment: 0 };
      putIn(player, seat, options.toCall);
      return { actionType: player.allIn ? 'all_in' : 'call', increment: options.toCall };
    }
    case 'bet_or_raise':
      if (!options.mayRaise || stack <= options.toCall) return applyMove(hand, player, seat, { type: 'call' }, bigBlind);
      return raiseTo(move.amountTo);
    case 'all_in':
      if (!options.mayRaise || stack <= options.toCall) return applyMove(hand, player, seat, { type: 'call' }, bigBlind);
      return raiseTo(player.streetBet + stack);
  }
}

/** Gives back the part of the top bet nobody matched (the uncalled bet). Returns the cents returned. */
export function returnUncalled(hand: HandInProgress, seatsById: ReadonlyMap<number, EngineSeat>): number {
  const sorted = [...hand.players].sort((a, b) => b.streetBet - a.streetBet);
  const top = sorted[0];
  const second = sorted[1];
  if (top === undefined) return 0;
  const excess = top.streetBet - (second?.streetBet ?? 0);
  if (excess <= 0) return 0;
  const seat = seatsById.get(top.seatId);
  if (seat === undefined) return 0;
  top.streetBet -= excess;
  top.contributed -= excess;
  seat.stack = (seat.stack ?? 0) + excess;
  if (seat.stack > 0) top.allIn = false;
  hand.currentBet = top.streetBet;
  return excess;
}

/** Starts a new street: bets reset, nobody has acted. */
export function openStreet(hand: HandInProgress): void {
  for (const player of hand.players) {
    player.streetBet = 0;
    player.actedReopen = -1;
  }
  hand.currentBet = 0;
  hand.lastRaiseSize = 0;
  hand.reopenId += 1;
  hand.raisesThisStreet = 0;
}
