/**
 * How the simulated players decide: a rough hand strength plus a seeded coin, enough to produce folds, calls,
 * raises, all-ins and showdowns in realistic proportions. Decisions come from their own stream, never the deck's.
 */
import type { Rng } from '../rng';
import { rankIndex } from '../poker/cards';
import { handCategory, strengthOf } from '../poker/evaluator';
import type { BotMove } from './types';

/** The limits one player faces when it is their turn (cents), as the betting engine states them. */
export interface TurnOptions {
  readonly toCall: number;
  readonly stack: number;
  /** Smallest legal street total for a bet or raise (may exceed the stack: then only all-in raises). */
  readonly minRaiseTo: number;
  /** False after a short all-in when this player has already acted on the street. */
  readonly mayRaise: boolean;
}

/** 0..1: how good these hole cards are (with the board, when there is one). */
export function handStrength(hole: readonly [string, string], board: readonly string[]): number {
  if (board.length === 0) {
    const [a, b] = [rankIndex(hole[0]), rankIndex(hole[1])];
    const high = Math.max(a, b);
    const low = Math.min(a, b);
    if (a === b) return 0.55 + (a / 12) * 0.45;
    const suited = hole[0][1] === hole[1][1] ? 0.06 : 0;
    const connected = high - low <= 2 ? 0.04 : 0;
    return Math.min(0.9, (high / 12) * 0.45 + (low / 12) * 0.2 + suited + connected);
  }
  // Category 0 (high card) to 8 (straight flush).
  return Math.min(1, 0.1 + handCategory(strengthOf([...hole, ...board])) * 0.13);
}

export interface BotSituation {
  readonly options: TurnOptions;
  readonly strength: number;
  readonly potCents: number;
  readonly currentBet: number;
  readonly streetBet: number;
  readonly bigBlind: number;
  readonly raisesThisStreet: number;
}

export function decide(rng: Rng, situation: BotSituation): BotMove {
  const { options, strength, potCents, currentBet, bigBlind } = situation;
  const coin = rng.next();
  const sizing = (): BotMove => {
    const fraction = 0.5 + rng.next() * 0.75;
    const target =
      currentBet + Math.max(options.minRaiseTo - currentBet, Math.round((potCents * fraction) / bigBlind) * bigBlind);
    if (target >= situation.streetBet + options.stack || (options.stack < bigBlind * 12 && coin < 0.5))
      return { type: 'all_in' };
    return { type: 'bet_or_raise', amountTo: target };
  };
  const mayAggress = options.mayRaise && situation.raisesThisStreet < 4 && options.stack > options.toCall;
  if (options.toCall === 0) {
    if (mayAggress && (strength > 0.6 ? coin < 0.55 : coin < 0.12)) return sizing();
    return { type: 'check' };
  }
  const potOdds = options.toCall / (potCents + options.toCall);
  // Monsters and short stacks get it in: this is where all-ins and side pots come from.
  if (options.mayRaise && (strength > 0.85 || options.stack < bigBlind * 15) && coin < 0.3) return { type: 'all_in' };
  if (mayAggress && strength > 0.72 && coin < 0.35) return sizing();
  if (strength + coin * 0.3 > potOdds + 0.35 || coin < 0.06) return { type: 'call' };
  return { type: 'fold' };
}
