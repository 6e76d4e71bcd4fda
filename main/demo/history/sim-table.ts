/**
 * The compact form of one synthetic hand while it plays and after: per-player columns indexed by ring position
 * (0 = the button, then clockwise), money in integer cents, cards as codes, and the action log as parallel typed
 * arrays. One HandLog is reused for every hand of a 100,000-hand history, so generating it allocates next to nothing;
 * hand-record.ts turns a log into a PlayedHand only when a detail is asked for.
 */
import type { DemoHistoryAction, DemoStreet } from '../played-hand';

/** Street codes: index into STREETS. */
export const STREETS: readonly DemoStreet[] = ['preflop', 'flop', 'turn', 'river', 'showdown'];
export const PREFLOP = 0;

/** Action codes: index into ACTION_NAMES. */
export const ACTION_NAMES: readonly DemoHistoryAction[] = ['DEAL', 'POST_BLIND', 'STRADDLE', 'BET', 'CALL', 'RAISE', 'FOLD', 'CHECK', 'ALL_IN'];
export const Act = { DEAL: 0, POST_BLIND: 1, STRADDLE: 2, BET: 3, CALL: 4, RAISE: 5, FOLD: 6, CHECK: 7, ALL_IN: 8 } as const;

/** Most players at one synthetic table. */
export const MAX_PLAYERS = 10;
/** The actor of a dealer's row. */
export const DEALER = -1;
/** A null amount or decision_ms in the log. */
export const NONE = -1;
/** A think longer than this is a break, and decision_ms is null for it. */
export const LONG_GAP_MS = 5 * 60 * 1000;

export class HandLog {
  /** Players in the hand. */
  count = 0;
  readonly seatIndex = new Int8Array(MAX_PLAYERS);
  readonly stackStart = new Int32Array(MAX_PLAYERS);
  readonly stack = new Int32Array(MAX_PLAYERS);
  readonly contributed = new Int32Array(MAX_PLAYERS);
  readonly streetBet = new Int32Array(MAX_PLAYERS);
  /** The street code a player folded on, or NONE. */
  readonly folded = new Int8Array(MAX_PLAYERS);
  readonly allIn = new Uint8Array(MAX_PLAYERS);
  readonly hole = new Uint8Array(MAX_PLAYERS * 2);
  readonly won = new Int32Array(MAX_PLAYERS);
  /** Showdown strength (smaller is better); meaningful only for players at showdown. */
  readonly strength = new Int32Array(MAX_PLAYERS);
  readonly showed = new Uint8Array(MAX_PLAYERS);
  readonly board = new Uint8Array(5);
  boardLength = 0;
  showdown = false;
  rake = 0;
  bigBlind = 0;
  startedAtMs = 0;
  endedAtMs = 0;
  /** The clock of the last commit (Unix ms). */
  clockMs = 0;

  actionCount = 0;
  private capacity = 64;
  actor = new Int8Array(this.capacity);
  action = new Uint8Array(this.capacity);
  amount = new Int32Array(this.capacity);
  street = new Uint8Array(this.capacity);
  tsMs = new Float64Array(this.capacity);
  decisionMs = new Int32Array(this.capacity);

  /** Clears the log for a hand of `count` players. */
  reset(count: number, startedAtMs: number, bigBlind: number): void {
    if (count > MAX_PLAYERS) throw new Error(`at most ${MAX_PLAYERS} players, got ${count}`);
    this.count = count;
    this.contributed.fill(0);
    this.streetBet.fill(0);
    this.folded.fill(NONE);
    this.allIn.fill(0);
    this.won.fill(0);
    this.showed.fill(0);
    this.boardLength = 0;
    this.showdown = false;
    this.rake = 0;
    this.bigBlind = bigBlind;
    this.startedAtMs = startedAtMs;
    this.endedAtMs = startedAtMs;
    this.clockMs = startedAtMs;
    this.actionCount = 0;
  }

  /** Commits one row: the clock moves by `gapMs` (NONE: not at all, and decision_ms is null). */
  commit(actor: number, action: number, amount: number, street: number, gapMs: number): void {
    if (this.actionCount === this.capacity) this.grow();
    const row = this.actionCount;
    this.actionCount += 1;
    if (gapMs !== NONE) this.clockMs += gapMs;
    this.actor[row] = actor;
    this.action[row] = action;
    this.amount[row] = amount;
    this.street[row] = street;
    this.tsMs[row] = this.clockMs;
    this.decisionMs[row] = gapMs === NONE || gapMs > LONG_GAP_MS ? NONE : gapMs;
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

  /** Whether the player went to showdown (reached it without folding). */
  atShowdown(player: number): boolean {
    return this.showdown && this.folded[player] === NONE;
  }

  private grow(): void {
    this.capacity *= 2;
    const widen = <T extends Int8Array | Uint8Array | Int32Array | Float64Array>(from: T, to: T): T => {
      to.set(from);
      return to;
    };
    this.actor = widen(this.actor, new Int8Array(this.capacity));
    this.action = widen(this.action, new Uint8Array(this.capacity));
    this.amount = widen(this.amount, new Int32Array(this.capacity));
    this.street = widen(this.street, new Uint8Array(this.capacity));
    this.tsMs = widen(this.tsMs, new Float64Array(this.capacity));
    this.decisionMs = widen(this.decisionMs, new Int32Array(this.capacity));
  }
}
