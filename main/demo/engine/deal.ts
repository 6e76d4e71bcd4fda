/** Setting up a new hand: button, positions, hole cards dealt from the button's left, antes, blinds and straddle posted. */
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
  /** The forced bets; ante and straddle may be 0 (none). */
  readonly blindsCents: { readonly sb: number; readonly bb: number; readonly ante: number; readonly straddle: number };
}

type ForcedBet = 'ante' | 'blind' | 'straddle';

/**
 * Takes a forced bet from the player's stack (all of it when the stack is short). An ante is dead money: it is in
 * the pot but not part of the street's bet to match; a blind or straddle is a live bet.
 */
function postForced(hand: HandInProgress, eligible: readonly EngineSeat[], player: HandPlayer, cents: number, kind: ForcedBet, nowMs: number): number {
  const seat = eligible.find((candidate) => candidate.seatId === player.seatId) as EngineSeat;
  const posted = Math.min(seat.stack ?? 0, cents);
  seat.stack = (seat.stack ?? 0) - posted;
  if (kind !== 'ante') player.streetBet += posted;
  player.contributed += posted;
  player.posted += posted;
  if (seat.stack === 0) player.allIn = true;
  hand.actions.push({
    seat_id: player.seatId,
    player_id: player.playerId,
    player_name: player.name,
    action: kind === 'straddle' ? 'STRADDLE' : 'POST_BLIND',
    amount: toChips(posted),
    street: 'preflop',
    position: player.position,
    ts: nowMs / 1000,
    decision_ms: null,
  });
  return posted;
}

/** A straddle is posted by the player after the big blind, only with four or more players dealt in. */
const straddler = (players: readonly HandPlayer[], straddleCents: number): HandPlayer | undefined =>
  straddleCents > 0 && players.length > 3 ? players[3] : undefined;

/** The dealer's entry in the hand history for the cards of a street. */
export function dealerAction(street: DemoStreet, nowMs: number): PlayedHandAction {
  return { seat_id: null, player_id: null, player_name: 'Dealer', action: 'DEAL', amount: null, street, position: null, ts: nowMs / 1000, decision_ms: null };
}

/**
 * Deals a hand and posts the forced bets (taking them from the seats' stacks): every player's ante, then the blinds
 * (heads-up the button posts the small blind), then the straddle. A straddle is a live raise: it sets the bet to
 * match and the size of the next raise, and its poster acts last pre-flop, with the option the big blind has without
 * one.
 */
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
  const straddling = straddler(players, blindsCents.straddle);
  // The bet to match is the big blind (or the straddle) even when its poster is all-in for less.
  const toMatch = straddling === undefined ? blindsCents.bb : Math.max(blindsCents.bb, blindsCents.straddle);
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
    currentBet: toMatch,
    lastRaiseSize: toMatch,
    reopenId: 0,
    raisesThisStreet: 0,
    actionOn: null,
    flopSeen: false,
  };
  if (blindsCents.ante > 0) {
    for (const player of players) if (!player.allIn) postForced(hand, input.eligible, player, blindsCents.ante, 'ante', now);
  }
  const headsUp = players.length === 2;
  const blinds = [
    [headsUp ? players[0] : players[1], blindsCents.sb],
    [headsUp ? players[1] : players[2], blindsCents.bb],
  ] as const;
  for (const [player, cents] of blinds) {
    if (player !== undefined && !player.allIn) postForced(hand, input.eligible, player, cents, 'blind', now);
  }
  if (straddling !== undefined && !straddling.allIn) postForced(hand, input.eligible, straddling, blindsCents.straddle, 'straddle', now);
  return hand;
}

/** The seat of the last forced live bet (the straddle, else the big blind): pre-flop action starts after it. */
export function lastBlindSeat(hand: HandInProgress, straddleCents: number): number {
  const last = straddler(hand.players, straddleCents) ?? (hand.players.length === 2 ? hand.players[1] : hand.players[2]);
  return last?.seatId ?? hand.buttonSeat;
}
