/** A live hand's player as the table sees it: fixed facts, with money and status read from the betting engine. */
import type { DemoStreet } from '../played-hand';
import type { BettingHand } from '../poker/betting-hand';
import { NONE, STREETS } from '../poker/hand-codes';
import type { HandPlayer } from './types';

export interface PlayerFacts {
  readonly seatId: number;
  readonly playerId: string;
  readonly name: string;
  readonly position: string;
  readonly hole: readonly [string, string];
  readonly stackStart: number;
}

export class RingPlayer implements HandPlayer {
  readonly seatId: number;
  readonly playerId: string;
  readonly name: string;
  readonly position: string;
  readonly hole: readonly [string, string];
  readonly stackStart: number;

  constructor(
    private readonly bets: BettingHand,
    readonly index: number,
    facts: PlayerFacts,
  ) {
    ({ seatId: this.seatId, playerId: this.playerId, name: this.name, position: this.position, hole: this.hole, stackStart: this.stackStart } = facts);
  }

  get streetBet(): number {
    return this.bets.streetBet[this.index] as number;
  }

  get contributed(): number {
    return this.bets.contributed[this.index] as number;
  }

  get folded(): boolean {
    return this.bets.folded[this.index] !== NONE;
  }

  get foldedStreet(): DemoStreet | null {
    const street = this.bets.folded[this.index] as number;
    return street === NONE ? null : (STREETS[street] ?? null);
  }

  get allIn(): boolean {
    return this.bets.allIn[this.index] === 1;
  }

  get posted(): number {
    return this.bets.posted[this.index] as number;
  }
}
