/** A live hand's player as the table sees it: fixed facts, with money and status read from the betting engine. */
import type { BettingHand } from '../poker/betting-hand';
import { NONE, STREETS } from '../poker/hand-codes';
import type { HandPlayer, PlayerFacts } from './types';

/** The player at ring index `index` of `bets`; the money and status fields are live views of the engine's columns. */
export function ringPlayer(bets: BettingHand, index: number, facts: PlayerFacts): HandPlayer {
  return {
    ...facts,
    index,
    get streetBet() {
      return bets.streetBet[index] as number;
    },
    get contributed() {
      return bets.contributed[index] as number;
    },
    get folded() {
      return bets.folded[index] !== NONE;
    },
    get foldedStreet() {
      const street = bets.folded[index] as number;
      return street === NONE ? null : (STREETS[street] ?? null);
    },
    get allIn() {
      return bets.allIn[index] === 1;
    },
    get posted() {
      return bets.posted[index] as number;
    },
  };
}
