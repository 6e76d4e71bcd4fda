/**
 * The demo venue's one No-Limit betting engine, played by the live table step by step and by the synthetic history
 * 100,000 hands at a time: forced bets, who acts next, what a player may do, applying a move (minimum raises, all-ins,
 * short all-ins that do not reopen the action), uncalled bets returned. State is per-player columns indexed by ring
 * position (0 = the button, then clockwise), money in integer cents, cards as codes, so a move allocates nothing: the
 * history reuses one instance for every hand (the live table takes a fresh one per hand, so whoever still holds a
 * finished hand reads its final values). Settlement is in ./settlement.ts.
 */
import { Act, MAX_PLAYERS, NONE, PREFLOP } from './hand-codes';

/** The forced bets of a hand in cents; ante and straddle may be 0 (none). */
export interface ForcedBets {
  readonly sb: number;
  readonly bb: number;
  readonly ante: number;
  readonly straddle: number;
}

/** Told of every forced bet that took chips: the player's ring index, POST_BLIND or STRADDLE, and the cents. */
export type ForcedBetRecorder = (player: number, action: number, paid: number) => void;

export class BettingHand {
  /** Players in the hand. */
  count = 0;
  bigBlind = 0;
  readonly stackStart = new Int32Array(MAX_PLAYERS);
  readonly stack = new Int32Array(MAX_PLAYERS);
  /** Put in over the whole hand (uncalled chips given back). */
  readonly contributed = new Int32Array(MAX_PLAYERS);
  /** Put in on the current street (antes excluded: they are dead money). */
  readonly streetBet = new Int32Array(MAX_PLAYERS);
  /** Antes, blinds and straddle the player posted. */
  readonly posted = new Int32Array(MAX_PLAYERS);
  /** The street code a player folded on, or NONE. */
  readonly folded = new Int8Array(MAX_PLAYERS);
  readonly allIn = new Uint8Array(MAX_PLAYERS);
  /** The reopen id current when the player last acted on this street; NONE when not yet. */
  readonly actedReopen = new Int32Array(MAX_PLAYERS);

  /** The street code being bet. */
  currentStreet = PREFLOP;
  /** The street total to match. */
  currentBet = 0;
  /** Size of the last full bet or raise on this street (the minimum raise increment, with the big blind). */
  lastRaise = 0;
  /** Increments on every full bet or raise: players who acted before it may act, and raise, again. */
  reopenId = 0;
  raisesThisStreet = 0;

  /** Card codes: two per player, then the board dealt so far. */
  readonly hole = new Uint8Array(MAX_PLAYERS * 2);
  readonly board = new Uint8Array(5);
  boardLength = 0;

  /** What the player to act faces (set by turnOptions): cents to call, at most their stack. */
  toCall = 0;
  /** Smallest legal street total for a bet or raise (may exceed the stack: then only all-in raises). */
  minRaiseTo = 0;
  /** False after a short all-in when this player has already acted on the street. */
  mayRaise = true;
  /** Cents the last applied move put in (0 for a fold or a check). */
  increment = 0;

  /** Clears the state for a new hand of `count` players; stacks and cards are the caller's to fill. */
  reset(count: number, bigBlind: number): void {
    if (count > MAX_PLAYERS) throw new Error(`at most ${MAX_PLAYERS} players, got ${count}`);
    this.count = count;
    this.bigBlind = bigBlind;
    this.contributed.fill(0);
    this.streetBet.fill(0);
    this.posted.fill(0);
    this.folded.fill(NONE);
    this.allIn.fill(0);
    this.actedReopen.fill(NONE);
    this.boardLength = 0;
    this.currentStreet = PREFLOP;
    this.currentBet = 0;
    this.lastRaise = 0;
    this.reopenId = 0;
    this.raisesThisStreet = 0;
  }

  /** Chips in the pot (cents). */
  pot(): number {
    let sum = 0;
    for (let player = 0; player < this.count; player += 1) sum += this.contributed[player] as number;
    return sum;
  }

  liveCount(): number {
    let live = 0;
    for (let player = 0; player < this.count; player += 1) if (this.folded[player] === NONE) live += 1;
    return live;
  }

  canAct(player: number): boolean {
    return this.folded[player] === NONE && this.allIn[player] === 0;
  }

  /** Moves up to `amount` cents from the player's stack into the pot; returns what was paid. */
  private put(player: number, amount: number, live: boolean): number {
    const stack = this.stack[player] as number;
    const paid = Math.min(amount, stack);
    this.stack[player] = stack - paid;
    if (live) this.streetBet[player] = (this.streetBet[player] as number) + paid;
    this.contributed[player] = (this.contributed[player] as number) + paid;
    if (stack === paid) this.allIn[player] = 1;
    return paid;
  }

  private postForced(player: number, amount: number, action: number, live: boolean, record: ForcedBetRecorder): void {
    if (this.allIn[player] === 1) return;
    const paid = this.put(player, amount, live);
    this.posted[player] = (this.posted[player] as number) + paid;
    if (paid > 0) record(player, action, paid);
  }

  /**
   * Posts every player's ante (dead: in the pot, not a bet to match), then the blinds (heads-up the button posts the
   * small blind), then the straddle from the player after the big blind when four or more are dealt in: a live raise
   * that sets the bet to match and the next raise's size. Returns the ring index of the last live forced bet:
   * pre-flop action starts after it, so the straddler (else the big blind) acts last with the option.
   */
  postForcedBets(bets: ForcedBets, record: ForcedBetRecorder): number {
    const { count } = this;
    if (bets.ante > 0)
      for (let player = 0; player < count; player += 1)
        this.postForced(player, bets.ante, Act.POST_BLIND, false, record);
    const headsUp = count === 2;
    const bigBlindIndex = headsUp ? 1 : 2;
    this.postForced(headsUp ? 0 : 1, bets.sb, Act.POST_BLIND, true, record);
    this.postForced(bigBlindIndex, bets.bb, Act.POST_BLIND, true, record);
    // The bet to match is the big blind (or the straddle) even when its poster is all-in for less.
    this.currentBet = bets.bb;
    this.lastRaise = bets.bb;
    if (bets.straddle <= 0 || count <= 3) return bigBlindIndex;
    this.postForced(3, bets.straddle, Act.STRADDLE, true, record);
    this.currentBet = Math.max(this.currentBet, bets.straddle);
    this.lastRaise = this.currentBet;
    return 3;
  }

  /** True while the player must still act on this street. */
  private needsToAct(player: number): boolean {
    return (
      this.canAct(player) && (this.actedReopen[player] === NONE || (this.streetBet[player] as number) < this.currentBet)
    );
  }

  private othersCanAct(player: number): boolean {
    for (let other = 0; other < this.count; other += 1) if (other !== player && this.canAct(other)) return true;
    return false;
  }

  /**
   * The next player after ring index `from` (exclusive, wrapping round to it) who must act, or NONE: the street is
   * done.
   */
  nextToAct(from: number): number {
    if (this.liveCount() <= 1) return NONE;
    for (let offset = 1; offset <= this.count; offset += 1) {
      const player = (from + offset) % this.count;
      if (!this.needsToAct(player)) continue;
      // A lone player with chips facing no bet has nobody to play against.
      if (!this.othersCanAct(player) && (this.streetBet[player] as number) >= this.currentBet) continue;
      return player;
    }
    return NONE;
  }

  /** Sets toCall, minRaiseTo and mayRaise for the player about to act. */
  turnOptions(player: number): void {
    this.toCall = Math.min(
      this.stack[player] as number,
      Math.max(0, this.currentBet - (this.streetBet[player] as number)),
    );
    this.minRaiseTo = this.currentBet === 0 ? this.bigBlind : this.currentBet + Math.max(this.lastRaise, this.bigBlind);
    this.mayRaise = this.actedReopen[player] !== this.reopenId;
  }

  /**
   * Applies a move (FOLD, CHECK, CALL, RAISE to the street total `amountTo`, or ALL_IN), coerced to the nearest legal
   * one: a fold or check facing no bet is a check, a check facing a bet a fold, a raise that may not be made (after a
   * short all-in, or with no chips beyond the call) a call, a raise below the minimum the minimum, beyond the stack
   * all-in. Returns the action code taken (FOLD, CHECK, CALL, BET, RAISE or ALL_IN); `increment` holds the cents.
   */
  apply(player: number, move: number, amountTo: number): number {
    this.turnOptions(player);
    this.actedReopen[player] = this.reopenId;
    this.increment = 0;
    const stack = this.stack[player] as number;
    if (move === Act.FOLD || move === Act.CHECK) {
      if (this.toCall === 0) return Act.CHECK;
      this.folded[player] = this.currentStreet;
      return Act.FOLD;
    }
    if (move === Act.CALL || !this.mayRaise || stack <= this.toCall) {
      if (this.toCall === 0) return Act.CHECK;
      this.increment = this.put(player, this.toCall, true);
      return this.allIn[player] === 1 ? Act.ALL_IN : Act.CALL;
    }
    const streetBet = this.streetBet[player] as number;
    const target = move === Act.ALL_IN ? streetBet + stack : amountTo;
    const to = Math.min(streetBet + stack, Math.max(target, this.minRaiseTo));
    const wasBet = this.currentBet === 0;
    const raisedBy = to - this.currentBet;
    this.increment = this.put(player, to - streetBet, true);
    // A full raise, or any opening bet (a short all-in bet included), reopens the action.
    if (raisedBy >= Math.max(this.lastRaise, this.bigBlind) || wasBet) {
      this.lastRaise = raisedBy;
      this.reopenId += 1;
      this.actedReopen[player] = this.reopenId;
    }
    this.currentBet = to;
    this.raisesThisStreet += 1;
    if (this.allIn[player] === 1) return Act.ALL_IN;
    return wasBet ? Act.BET : Act.RAISE;
  }

  /** Gives back the part of the top street bet nobody matched (the uncalled bet). Returns the cents returned. */
  returnUncalled(): number {
    let top = NONE;
    let topBet = -1;
    let second = 0;
    for (let player = 0; player < this.count; player += 1) {
      const bet = this.streetBet[player] as number;
      if (bet > topBet) {
        second = Math.max(second, topBet);
        top = player;
        topBet = bet;
      } else second = Math.max(second, bet);
    }
    const excess = topBet - second;
    if (top === NONE || excess <= 0) return 0;
    this.streetBet[top] = second;
    this.contributed[top] = (this.contributed[top] as number) - excess;
    this.stack[top] = (this.stack[top] as number) + excess;
    this.allIn[top] = 0;
    this.currentBet = second;
    return excess;
  }

  /** Starts the betting of a new street: bets reset, nobody has acted. */
  openStreet(street: number): void {
    this.currentStreet = street;
    this.streetBet.fill(0);
    this.actedReopen.fill(NONE);
    this.currentBet = 0;
    this.lastRaise = 0;
    this.reopenId += 1;
    this.raisesThisStreet = 0;
  }
}
