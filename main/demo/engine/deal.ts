/** Setting up a new hand: button, positions, hole cards dealt from the button's left, blinds posted. */
import type { DemoStreet, PlayedHandAction } from '../played-hand';
import { toChips } from './cents';
import { positionNames } from '../poker/positions';
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
  readonly blindsCents: { readonly sb: number; readonly bb: number };
}

/** The dealer's entry in the hand history for the cards of a street. */
export function dealerAction(street: DemoStreet, nowMs: number): PlayedHandAction {
  return { seat_id: null, player_id: null, player_name: 'Dealer', action: 'DEAL', amount: null, street, position: null, ts: nowMs / 1000, decision_ms: null };
}

/** Deals a hand and posts the blinds (taking them from the seats' stacks). Heads-up the button posts the small blind. */
export function dealHand(input: DealInput): HandInProgress {
  const { deck, now, blindsCents } = input;
  const fromButton = seatOrderAfter(input.eligible, input.previousButton);
  const button = fromButton[0] as EngineSeat;
  const names = positionNames(fromButton.length);
  const dealOrder = [...fromButton.slice(1), button];
  const first = new Map(dealOrder.map((seat) => [seat.seatId, deck.pop() as string]));
  const second = new Map(dealOrder.map((seat) => [seat.seatId, deck.pop() as string]));
  const players: HandPlayer[] = fromButton.map((seat, index) => ({
    seatId: seat.seatId,
    playerId: seat.playerId as string,
    name: seat.name as string,
    position: names[index] as string,
    hole: [first.get(seat.seatId) as string, second.get(seat.seatId) as string],
    stackStart: seat.stack ?? 0,
    streetBet: 0,
    contributed: 0,
    folded: false,
    foldedStreet: null,
    allIn: false,
    actedReopen: -1,
    posted: 0,
  }));
  const hand: HandInProgress = {
    handNumber: input.handNumber,
    handId: input.handId,
    buttonSeat: button.seatId,
    startedAt: now,
    deck,
    board: [],
    streets: {},
    players,
    actions: [dealerAction('preflop', now)],
    street: 'preflop',
    // The big blind is the price to play even when the big blind itself is all-in for less.
    currentBet: blindsCents.bb,
    lastRaiseSize: blindsCents.bb,
    reopenId: 0,
    raisesThisStreet: 0,
    actionOn: null,
    flopSeen: false,
  };
  const headsUp = players.length === 2;
  const blinds = [
    [headsUp ? players[0] : players[1], blindsCents.sb],
    [headsUp ? players[1] : players[2], blindsCents.bb],
  ] as const;
  for (const [player, cents] of blinds) {
    if (player === undefined) continue;
    const seat = input.eligible.find((candidate) => candidate.seatId === player.seatId) as EngineSeat;
    const posted = Math.min(seat.stack ?? 0, cents);
    seat.stack = (seat.stack ?? 0) - posted;
    player.streetBet = posted;
    player.contributed = posted;
    player.posted = posted;
    if (seat.stack === 0) player.allIn = true;
    hand.actions.push({
      seat_id: player.seatId,
      player_id: player.playerId,
      player_name: player.name,
      action: 'POST_BLIND',
      amount: toChips(posted),
      street: 'preflop',
      position: player.position,
      ts: now / 1000,
      decision_ms: null,
    });
  }
  return hand;
}

/** The big blind's seat: the action starts after it. */
export const bigBlindSeat = (hand: HandInProgress): number =>
  (hand.players.length === 2 ? hand.players[1] : hand.players[2])?.seatId ?? hand.buttonSeat;
