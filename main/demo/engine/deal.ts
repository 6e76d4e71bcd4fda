/**
 * Setting up a new hand: button, positions, hole cards dealt from the button's left, antes, blinds and straddle posted.
 */
import type { DemoStreet, PlayedHandAction } from '../played-hand';
import { BettingHand, type ForcedBets } from '../poker/betting-hand';
import { cardCode } from '../poker/cards';
import { ACTION_NAMES } from '../poker/hand-codes';
import { positionNames } from '../poker/positions';
import { toChips } from './cents';
import { ringPlayer } from './ring-player';
import { seatOrderAfter } from './seating';
import type { EngineSeat, HandInProgress, HandPlayer } from './types';

export interface DealInput {
  /** Seats dealt in (occupied, present, with chips); at least two. */
  readonly eligible: readonly EngineSeat[];
  /** The previous hand's button seat: the button moves to the next eligible seat after it. */
  readonly previousButton: number;
  /** A freshly shuffled deck; cards are taken from its end. */
  readonly deck: string[];
  readonly handNumber: number;
  readonly handId: string;
  /** Unix milliseconds. */
  readonly now: number;
  /** The forced bets in cents; ante and straddle may be 0 (none). */
  readonly blindsCents: ForcedBets;
}

/** The dealer's entry in the hand history for the cards of a street. */
export function dealerAction(street: DemoStreet, nowMs: number): PlayedHandAction {
  return {
    seat_id: null,
    player_id: null,
    player_name: 'Dealer',
    action: 'DEAL',
    amount: null,
    street,
    position: null,
    ts: nowMs / 1000,
    decision_ms: null,
  };
}

/** A dealt hand and the ring index of its last live forced bet (pre-flop action starts after it). */
export interface DealtHand {
  readonly hand: HandInProgress;
  readonly lastForcedBet: number;
}

/**
 * Deals a hand and has the betting engine post the forced bets (ante, blinds, straddle: see
 * BettingHand.postForcedBets), taking them from the seats' stacks.
 */
export function dealHand(input: DealInput): DealtHand {
  const { deck, now, blindsCents } = input;
  const fromButton = seatOrderAfter(input.eligible, input.previousButton);
  const button = fromButton[0] as EngineSeat;
  const names = positionNames(fromButton.length);
  const dealOrder = [...fromButton.slice(1), button];
  const first = new Map(dealOrder.map((seat) => [seat.seatId, deck.pop() as string]));
  const second = new Map(dealOrder.map((seat) => [seat.seatId, deck.pop() as string]));
  const bets = new BettingHand();
  bets.reset(fromButton.length, blindsCents.bb);
  const players = fromButton.map((seat, index) => {
    const hole = [first.get(seat.seatId) as string, second.get(seat.seatId) as string] as const;
    bets.stack[index] = seat.stack ?? 0;
    bets.stackStart[index] = seat.stack ?? 0;
    bets.hole[index * 2] = cardCode(hole[0]);
    bets.hole[index * 2 + 1] = cardCode(hole[1]);
    const facts = {
      seatId: seat.seatId,
      playerId: seat.playerId as string,
      name: seat.name as string,
      position: names[index] as string,
      hole,
      stackStart: seat.stack ?? 0,
    };
    return ringPlayer(bets, index, facts);
  });
  const actions = [dealerAction('preflop', now)];
  const hand: HandInProgress = {
    handNumber: input.handNumber,
    handId: input.handId,
    buttonSeat: button.seatId,
    startedAt: now,
    deck,
    board: [],
    streets: {},
    players,
    actions,
    bets,
    street: 'preflop',
    get currentBet() {
      return bets.currentBet;
    },
    actionOn: null,
  };
  const lastForcedBet = bets.postForcedBets(blindsCents, (index, action, paid) => {
    const player = players[index] as HandPlayer;
    actions.push({
      seat_id: player.seatId,
      player_id: player.playerId,
      player_name: player.name,
      action: ACTION_NAMES[action] ?? 'POST_BLIND',
      amount: toChips(paid),
      street: 'preflop',
      position: player.position,
      ts: now / 1000,
      decision_ms: null,
    });
  });
  fromButton.forEach((seat, index) => (seat.stack = bets.stack[index] as number));
  return { hand, lastForcedBet };
}
