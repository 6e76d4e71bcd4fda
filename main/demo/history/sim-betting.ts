/**
 * Betting rounds of a synthetic hand: how each player decides (hole-card quality, their style, a seeded coin), played
 * through the shared betting engine (../poker/betting-hand.ts, which the HandLog is) and written to the log. Everything
 * works on ring indexes over the HandLog's columns, so a round allocates nothing.
 */
import type { Rng } from '../rng';
import { Act, MAX_PLAYERS, NONE, type HandLog } from './sim-table';

/** The hand being played: its log (the betting engine) plus each player's habits (ring-indexed). */
export class Play {
  rng: Rng;
  unit = 1;
  readonly quality = new Float64Array(MAX_PLAYERS);
  readonly looseness = new Float64Array(MAX_PLAYERS);
  readonly aggression = new Float64Array(MAX_PLAYERS);
  readonly stickiness = new Float64Array(MAX_PLAYERS);
  /** The street total of the latest decided raise. */
  private raiseTo = 0;

  constructor(
    readonly log: HandLog,
    rng: Rng,
  ) {
    this.rng = rng;
  }

  /** How long a player thinks: mostly seconds, rarely a break of several minutes. */
  thinkMs(): number {
    if (this.rng.next() < 0.0005) return this.rng.int(5 * 60 * 1000 + 1000, 15 * 60 * 1000);
    return Math.round(600 + this.rng.next() * this.rng.next() * 24000);
  }

  /** Writes a forced bet that took chips to the log (the engine calls it while posting). */
  readonly recordForcedBet = (player: number, action: number, paid: number): void => {
    this.log.commit(player, action, paid, 0, this.rng.int(150, 700));
  };

  private roundUp(amount: number): number {
    return Math.ceil(amount / this.unit) * this.unit;
  }

  /** The player's move as an action code (FOLD, CHECK, CALL or RAISE; a raise's target goes to raiseTo). */
  private decide(player: number, street: number, raises: number): number {
    const { rng, log } = this;
    const toCall = log.currentBet - (log.streetBet[player] as number);
    const looseness = this.looseness[player] as number;
    const aggression = this.aggression[player] as number;
    const quality = this.quality[player] as number;
    const bigBlind = log.bigBlind;
    if (street === 0) {
      const playBar = 1 - looseness * Math.pow(0.45, raises);
      const raiseBar = 1 - looseness * aggression * Math.pow(0.35, raises);
      const felt = quality + (rng.next() - 0.5) * 0.08;
      if (raises < 4 && felt > raiseBar) {
        this.raiseTo = raises === 0 ? bigBlind * rng.int(2, 4) + log.currentBet - bigBlind : log.currentBet * 3;
        return Act.RAISE;
      }
      if (felt > playBar || (toCall === 0 && raises === 0)) return toCall === 0 ? Act.CHECK : Act.CALL;
      return toCall === 0 ? Act.CHECK : Act.FOLD;
    }
    // After the flop the cards on the board reshuffle everyone's chances: half hole cards, half luck.
    const strength = quality * 0.5 + rng.next() * 0.5;
    const sizing = SIZINGS[rng.int(0, SIZINGS.length - 1)] as number;
    const pot = log.pot();
    if (toCall === 0) {
      if (strength > 1 - aggression * 0.8) {
        this.raiseTo = this.roundUp(log.currentBet + (pot + toCall) * sizing);
        return Act.RAISE;
      }
      return Act.CHECK;
    }
    const potOdds = toCall / (pot + toCall);
    if (raises < 3 && strength > 0.92 - aggression * 0.12) {
      this.raiseTo = this.roundUp(log.currentBet + (pot + toCall) * (sizing + 0.5));
      return Act.RAISE;
    }
    if (strength > potOdds + 0.42 - (this.stickiness[player] as number) * 0.2) return Act.CALL;
    return Act.FOLD;
  }

  /**
   * Plays one street's betting, the first to act being the next after ring index `after`, then gives back the
   * uncalled bet. The engine coerces each wish to a legal move (a raise that may not be made is a call).
   */
  bettingRound(after: number, street: number): void {
    const { log } = this;
    for (let player = log.nextToAct(after); player !== NONE; player = log.nextToAct(player)) {
      const wanted = this.decide(player, street, log.raisesThisStreet);
      const gap = this.thinkMs();
      const taken = log.apply(player, wanted, this.raiseTo);
      log.commit(player, taken, log.increment > 0 ? log.increment : NONE, street, gap);
    }
    log.returnUncalled();
  }
}

const SIZINGS: readonly number[] = [0.33, 0.5, 0.66, 0.75, 1];
