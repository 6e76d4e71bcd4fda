/**
 * One player's turn at the live table: the bot decides on what the betting engine offers, the engine applies it, and
 * the move comes back as the hand's action record (history) and the player_action event (live plane).
 */
import type { Rng } from '../rng';
import type { PlayedHandAction } from '../played-hand';
import { Act } from '../poker/hand-codes';
import { decide, handStrength, type TurnOptions } from './bot';
import { toChips } from './cents';
import type { BotMove, HandInProgress, HandPlayer } from './types';

/** decision_ms is null after a pause longer than this (spec: gaps over 5 minutes). */
const DECISION_GAP_LIMIT_MS = 5 * 60 * 1000;
/** A bot's move as the betting engine's move code. */
const MOVE_CODES: Readonly<Record<BotMove['type'], number>> = {
  fold: Act.FOLD,
  check: Act.CHECK,
  call: Act.CALL,
  bet_or_raise: Act.RAISE,
  all_in: Act.ALL_IN,
};
/** The betting engine's action codes as player_action's action_type. */
const ACTION_TYPES: Readonly<Partial<Record<number, 'fold' | 'check' | 'call' | 'bet' | 'raise' | 'all_in'>>> = {
  [Act.FOLD]: 'fold',
  [Act.CHECK]: 'check',
  [Act.CALL]: 'call',
  [Act.BET]: 'bet',
  [Act.RAISE]: 'raise',
  [Act.ALL_IN]: 'all_in',
};

/** What the turn needs beyond the hand: the bots' decision stream, the big blind, the time, the think time. */
export interface TurnContext {
  readonly decisions: Rng;
  readonly bigBlindCents: number;
  /** Unix milliseconds of this commit. */
  readonly now: number;
  /** Milliseconds since the previous commit; null after an engine restart or before the first. */
  readonly gapMs: number | null;
}

/** Plays `player`'s turn into `hand` (its betting engine and its action log) and returns the player_action payload. */
export function playTurn(hand: HandInProgress, player: HandPlayer, context: TurnContext): Record<string, unknown> {
  const { bets } = hand;
  bets.turnOptions(player.index);
  const options: TurnOptions = {
    toCall: bets.toCall,
    stack: bets.stack[player.index] as number,
    minRaiseTo: bets.minRaiseTo,
    mayRaise: bets.mayRaise,
  };
  const move = decide(context.decisions, {
    options,
    strength: handStrength(player.hole, hand.board),
    potCents: bets.pot(),
    currentBet: bets.currentBet,
    streetBet: player.streetBet,
    bigBlind: context.bigBlindCents,
    raisesThisStreet: bets.raisesThisStreet,
  });
  const taken = bets.apply(player.index, MOVE_CODES[move.type], move.type === 'bet_or_raise' ? move.amountTo : 0);
  const actionType = ACTION_TYPES[taken];
  if (actionType === undefined)
    throw new Error(`the betting engine took an action with no player_action type: ${taken}`);
  const gap = context.gapMs;
  const decisionMs = gap === null || gap > DECISION_GAP_LIMIT_MS ? null : Math.max(0, Math.round(gap));
  const amount = bets.increment > 0 ? toChips(bets.increment) : null;
  const action: PlayedHandAction = {
    seat_id: player.seatId,
    player_id: player.playerId,
    player_name: player.name,
    action: actionType === 'all_in' ? 'ALL_IN' : (actionType.toUpperCase() as 'FOLD'),
    amount,
    street: hand.street,
    position: player.position,
    ts: context.now / 1000,
    decision_ms: decisionMs,
  };
  hand.actions.push(action);
  return {
    hand_number: hand.handNumber,
    seat_id: player.seatId,
    action_type: actionType,
    amount,
    street: hand.street,
    player_id: player.playerId,
    name: player.name,
    decision_ms: decisionMs,
  };
}
