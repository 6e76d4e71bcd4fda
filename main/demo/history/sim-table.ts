/**
 * The compact form of one synthetic hand while it plays and after: the shared betting engine's columns (ring
 * positions, 0 = the button; integer cents; card codes) plus who sits where, the settlement, the shows and the action
 * log as parallel typed arrays. One HandLog is reused for every hand of a 100,000-hand history, so generating it
 * allocates next to nothing; log-projection.ts turns a log into a PlayedHand only when a detail is asked for.
 */
import { BettingHand } from '../poker/betting-hand';
import { MAX_PLAYERS, NONE } from '../poker/hand-codes';
import type { Settlement } from '../poker/settlement';

export { ACTION_NAMES, Act, MAX_PLAYERS, NONE, PREFLOP, STREETS } from '../poker/hand-codes';

/** The actor of a dealer's row. */
export const DEALER = -1;
/** A think longer than this is a break, and decision_ms is null for it. */
export const LONG_GAP_MS = 5 * 60 * 1000;

export class HandLog extends BettingHand implements Settlement {
  readonly seatIndex = new Int8Array(MAX_PLAYERS);
  readonly won = new Int32Array(MAX_PLAYERS);
  /** Showdown strength (smaller is better); meaningful only for players at showdown. */
  readonly strength = new Int32Array(MAX_PLAYERS);
  readonly showed = new Uint8Array(MAX_PLAYERS);

  actionCount = 0;
  private capacity = 64;
  actor = new Int8Array(this.capacity);
  action = new Uint8Array(this.capacity);
  amount = new Int32Array(this.capacity);
  street = new Uint8Array(this.capacity);
  tsMs = new Float64Array(this.capacity);
  decisionMs = new Int32Array(this.capacity);

  showdown = false;
  rake = 0;
  startedAtMs = 0;
  endedAtMs = 0;
  /** The clock of the last commit (Unix ms). */
  clockMs = 0;

  /** Clears the log for a hand of `count` players. */
  startHand(count: number, startedAtMs: number, bigBlind: number): void {
    this.reset(count, bigBlind);
    this.won.fill(0);
    this.showed.fill(0);
    this.showdown = false;
    this.rake = 0;
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
