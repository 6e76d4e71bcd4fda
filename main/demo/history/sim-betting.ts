/**
 * Betting rounds of a synthetic hand: how each player decides (hole-card quality, their style, a seeded coin) and
 * how a move is applied under No-Limit rules (minimum raises, all-ins, short all-ins that do not reopen the action).
 * Everything works on ring indexes over the HandLog's columns, so a round allocates nothing.
 */
import type { Rng } from '../rng';
import { Act, MAX_PLAYERS, NONE, type HandLog } from './sim-table';

/** The hand being played: its log plus the betting state and each player's habits (ring-indexed). */
export class Play {
  rng: Rng;
  unit = 1;
  currentBet = 0;
  lastRaise = 0;
  readonly quality = new Float64Array(MAX_PLAYERS);
  readonly looseness = new Float64Array(MAX_PLAYERS);
  readonly aggression = new Float64Array(MAX_PLAYERS);
  readonly stickiness = new Float64Array(MAX_PLAYERS);
  /** The acting queue of the current round (ring indexes) and its head. */
  private readonly queue: number[] = [];
  private head = 0;
  /** Players who already acted when a short all-in raised: they must match it but may not raise again. */
  private readonly mayNotRaise = new Uint8Array(MAX_PLAYERS);
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

  /** Moves up to `amount` cents from the player's stack into the pot; returns what was paid. */
  put(player: number, amount: number): number {
    const { log } = this;
    const stack = log.stack[player] as number;
    const paid = Math.min(amount, stack);
    log.stack[player] = stack - paid;
    log.streetBet[player] = (log.streetBet[player] as number) + paid;
    log.contributed[player] = (log.contributed[player] as number) + paid;
    if (stack === paid) log.allIn[player] = 1;
    return paid;
  }

  /** A blind, ante or straddle. */
  post(player: number, amount: number, action: number, street: number): void {
    const paid = this.put(player, amount);
    if (paid > 0) this.log.commit(player, action, paid, street, this.rng.int(150, 700));
  }

  private roundUp(amount: number): number {
    return Math.ceil(amount / this.unit) * this.unit;
  }

  /** The player's move as an action code (FOLD, CHECK, CALL or RAISE; a raise's target goes to raiseTo). */
  private decide(player: number, street: number, raises: number): number {
    const { rng, log } = this;
    const toCall = this.currentBet - (log.streetBet[player] as number);
    const looseness = this.looseness[player] as number;
    const aggression = this.aggression[player] as number;
    const quality = this.quality[player] as number;
    const bigBlind = log.bigBlind;
    if (street === 0) {
      const playBar = 1 - looseness * Math.pow(0.45, raises);
      const raiseBar = 1 - looseness * aggression * Math.pow(0.35, raises);
      const felt = quality + (rng.next() - 0.5) * 0.08;
      if (raises < 4 && felt > raiseBar) {
        this.raiseTo = raises === 0 ? bigBlind * rng.int(2, 4) + this.currentBet - bigBlind : this.currentBet * 3;
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
        this.raiseTo = this.roundUp(this.currentBet + (pot + toCall) * sizing);
        return Act.RAISE;
      }
      return Act.CHECK;
    }
    const potOdds = toCall / (pot + toCall);
    if (raises < 3 && strength > 0.92 - aggression * 0.12) {
      this.raiseTo = this.roundUp(this.currentBet + (pot + toCall) * (sizing + 0.5));
      return Act.RAISE;
    }
    if (strength > potOdds + 0.42 - (this.stickiness[player] as number) * 0.2) return Act.CALL;
    return Act.FOLD;
  }

  /** Applies a move; amounts beyond the stack become an all-in, raises below the minimum become the minimum. Returns whether it reopened the action. */
  private apply(player: number, move: number, street: number): boolean {
    const { log } = this;
    const streetBet = log.streetBet[player] as number;
    const toCall = this.currentBet - streetBet;
    const gap = this.thinkMs();
    if (move === Act.FOLD) {
      log.folded[player] = street;
      log.commit(player, Act.FOLD, NONE, street, gap);
      return false;
    }
    if (move === Act.CHECK || (move === Act.CALL && toCall === 0)) {
      log.commit(player, Act.CHECK, NONE, street, gap);
      return false;
    }
    const stack = log.stack[player] as number;
    if (move === Act.CALL || stack <= toCall) {
      const paid = this.put(player, toCall);
      log.commit(player, log.allIn[player] === 1 ? Act.ALL_IN : Act.CALL, paid, street, gap);
      return false;
    }
    const minTo = this.currentBet + Math.max(this.lastRaise, log.bigBlind);
    const to = Math.min(streetBet + stack, Math.max(this.raiseTo, minTo));
    const wasBet = this.currentBet === 0;
    const paid = this.put(player, to - streetBet);
    const raisedBy = to - this.currentBet;
    const reopens = raisedBy >= Math.max(this.lastRaise, log.bigBlind);
    if (reopens) this.lastRaise = raisedBy;
    this.currentBet = Math.max(this.currentBet, to);
    log.commit(player, log.allIn[player] === 1 ? Act.ALL_IN : wasBet ? Act.BET : Act.RAISE, paid, street, gap);
    return reopens;
  }

  /**
   * Queues, in acting order after `player` (exclusive), everyone who can act; with `owingOnly`, only those below the
   * bet and not queued yet, who are returned marked as not allowed to raise.
   */
  private queueAfter(player: number, owingOnly: boolean): void {
    const { count } = this.log;
    for (let offset = 1; offset < count; offset += 1) {
      const other = (player + offset) % count;
      if (!this.log.canAct(other)) continue;
      if (owingOnly) {
        if ((this.log.streetBet[other] as number) >= this.currentBet || this.queued(other)) continue;
        this.mayNotRaise[other] = 1;
      }
      this.queue.push(other);
    }
  }

  private queued(player: number): boolean {
    for (let i = this.head; i < this.queue.length; i += 1) if (this.queue[i] === player) return true;
    return false;
  }

  /** Plays one street's betting, starting at ring index `first`. */
  bettingRound(first: number, street: number): void {
    const { log } = this;
    this.queue.length = 0;
    this.head = 0;
    this.mayNotRaise.fill(0);
    for (let offset = 0; offset < log.count; offset += 1) {
      const player = (first + offset) % log.count;
      if (log.canAct(player)) this.queue.push(player);
    }
    let raises = 0;
    while (this.head < this.queue.length) {
      const player = this.queue[this.head] as number;
      this.head += 1;
      if (!log.canAct(player) || log.liveCount() <= 1) continue;
      if (!this.othersCanAct(player) && (log.streetBet[player] as number) >= this.currentBet) continue;
      const betBefore = this.currentBet;
      const wanted = this.decide(player, street, raises);
      const move = wanted === Act.RAISE && this.mayNotRaise[player] === 1 ? Act.CALL : wanted;
      const reopened = this.apply(player, move, street);
      if (this.currentBet === betBefore) continue;
      raises += 1;
      if (reopened) {
        this.mayNotRaise.fill(0);
        this.queue.length = 0;
        this.head = 0;
        this.queueAfter(player, false);
      } else {
        // A short all-in: whoever already acted and now owes chips must match it, without a right to raise.
        this.queueAfter(player, true);
      }
    }
  }

  private othersCanAct(player: number): boolean {
    for (let other = 0; other < this.log.count; other += 1) if (other !== player && this.log.canAct(other)) return true;
    return false;
  }
}

const SIZINGS: readonly number[] = [0.33, 0.5, 0.66, 0.75, 1];
