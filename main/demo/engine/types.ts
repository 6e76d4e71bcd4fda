/**
 * The live engine's internal state (amounts in integer cents). Nothing here is sent as is: see ../live/projection.ts.
 */
import type { DemoHistoryAction, DemoStakes, DemoStreet, PlayedHand, PlayedHandAction } from '../played-hand';
import type { BettingHand } from '../poker/betting-hand';
import type { DemoPlayer } from '../roster';
import type { TableEngine } from './table-engine';

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

/** Who a player in the hand is: fixed for the whole hand. */
export interface PlayerFacts {
  readonly seatId: number;
  readonly playerId: string;
  readonly name: string;
  readonly position: string;
  readonly hole: readonly [string, string];
  readonly stackStart: number;
}

/**
 * One player's part in the hand in progress: who they are, plus their money and status read from the hand's betting
 * engine (`HandInProgress.bets`, ring index `index`), which alone holds them.
 */
export interface HandPlayer extends PlayerFacts {
  /** Ring index in the betting engine: 0 is the button, then clockwise. */
  readonly index: number;
  /** Put in on the current street. */
  readonly streetBet: number;
  /** Put in over the whole hand. */
  readonly contributed: number;
  readonly folded: boolean;
  readonly foldedStreet: DemoStreet | null;
  readonly allIn: boolean;
  /** Antes, blinds and straddle posted. */
  readonly posted: number;
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
  /** In ring order: the button first, then clockwise (the betting engine's indexes). */
  readonly players: HandPlayer[];
  readonly actions: PlayedHandAction[];
  /** The hand's betting state and money (cents): the single source of the betting rules. */
  readonly bets: BettingHand;
  street: DemoStreet;
  /** The street total to match (from bets). */
  readonly currentBet: number;
  actionOn: number | null;
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

export interface TableEngineOptions {
  readonly seed: number;
  /** 6 to 9. */
  readonly seatCount: number;
  /** The regulars; the first seatCount - 1 sit down at start (one chair stays free for the cashier's walk-ins). */
  readonly roster: readonly DemoPlayer[];
  /** In chips. */
  readonly stakes: DemoStakes;
  readonly tableName: string;
  readonly sessionUid: string;
  /** Unix milliseconds. */
  readonly now: () => number;
  /** Receives every event in order. */
  readonly emit: (event: EngineEvent) => void;
  /** Receives each hand once it is settled. */
  readonly onHandFinished?: (hand: PlayedHand) => void;
  /** Runs between hands just before each deal (the house's comings and goings). */
  readonly beforeDeal?: (engine: TableEngine) => void;
}

/** Every chip the table has ever held, for the conservation check. */
export interface ChipAccount {
  readonly initialCents: number;
  /** Sum of every applied movement's signed delta (transactions and seat edits). */
  readonly appliedCents: number;
  readonly rakeCents: number;
  readonly stacksCents: number;
  readonly potCents: number;
}
