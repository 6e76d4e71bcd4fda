/** The live engine's internal state (amounts in integer cents). Nothing here is sent as is: see ../live/projection.ts. */
import type { DemoHistoryAction, DemoStreet, PlayedHandAction } from '../played-hand';

/** A chair at the table. Empty when playerId is null. */
export interface EngineSeat {
  readonly seatId: number;
  playerId: string | null;
  name: string | null;
  /** Cents; null when the seat is empty. */
  stack: number | null;
  /** Sitting at the table (false: sitting out, or empty). */
  present: boolean;
  /** Set when a hand left the player with nothing: the seat is vacated before the next deal. */
  busted: boolean;
}

/** One player's part in the hand in progress. */
export interface HandPlayer {
  readonly seatId: number;
  readonly playerId: string;
  readonly name: string;
  readonly position: string;
  readonly hole: readonly [string, string];
  readonly stackStart: number;
  /** Put in on the current street. */
  streetBet: number;
  /** Put in over the whole hand. */
  contributed: number;
  folded: boolean;
  foldedStreet: DemoStreet | null;
  allIn: boolean;
  /** The reopen id current when this player last acted on this street; -1 when not yet acted. */
  actedReopen: number;
  posted: number;
}

export type EnginePhase = 'between_hands' | 'betting' | 'dealing' | 'settling';

export interface HandInProgress {
  readonly handNumber: number;
  readonly handId: string;
  readonly buttonSeat: number;
  readonly startedAt: number;
  readonly deck: string[];
  readonly board: string[];
  readonly streets: Record<string, string[]>;
  readonly players: HandPlayer[];
  readonly actions: PlayedHandAction[];
  street: DemoStreet;
  currentBet: number;
  /** Size of the last full bet or raise on this street (the minimum raise increment). */
  lastRaiseSize: number;
  /** Increments on every full bet or raise: players who acted before it may act (and raise) again. */
  reopenId: number;
  raisesThisStreet: number;
  actionOn: number | null;
  flopSeen: boolean;
}

/** What a player does, as the engine applies it. amountTo is the street total the player goes to. */
export type BotMove =
  | { readonly type: 'fold' }
  | { readonly type: 'check' }
  | { readonly type: 'call' }
  | { readonly type: 'bet_or_raise'; readonly amountTo: number }
  | { readonly type: 'all_in' };

/** An event as the engine emits it; the feed adds seq and ts. */
export interface EngineEvent {
  readonly kind: string;
  readonly payload: Record<string, unknown>;
}

export type HistoryActionName = DemoHistoryAction;
