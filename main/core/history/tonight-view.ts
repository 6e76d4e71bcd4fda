/**
 * Tonight's accumulated hands as one player saw them (pure): the hands they had a seat in, newest first, with their
 * own figures and the winners by name. The shape is the contract's `TonightHandView`, built from the accumulator's
 * own types so the history core needs nothing from the contract; the session hands it over as is and the compiler
 * checks the two still agree there.
 */
import type { TonightAction, TonightHand, TonightNight, TonightSeat } from './tonight-hands';

/** One of the player's hands tonight (actions without their time: the screen lists them in order). */
export type TonightPlayerHand = Pick<TonightHand, 'handNumber' | 'startedAt' | 'endedAt' | 'board' | 'pot'> &
  Pick<TonightSeat, 'seatId' | 'stackStart' | 'contributed' | 'won' | 'net' | 'stackEnd'> & {
    readonly winners: readonly string[];
    readonly actions: readonly Omit<TonightAction, 'at'>[];
  };

function handView(hand: TonightHand, playerId: string): TonightPlayerHand | null {
  const seat = hand.seats.find((entry) => entry.playerId === playerId);
  if (seat === undefined) return null;
  const winners = hand.seats
    .filter((entry) => hand.winnerSeats.includes(entry.seatId))
    .map((entry) => entry.name ?? `Seat ${entry.seatId}`);
  return {
    handNumber: hand.handNumber,
    startedAt: hand.startedAt,
    endedAt: hand.endedAt,
    seatId: seat.seatId,
    stackStart: seat.stackStart,
    contributed: seat.contributed,
    won: seat.won,
    net: seat.net,
    stackEnd: seat.stackEnd,
    board: hand.board,
    pot: hand.pot,
    winners,
    actions: seat.actions.map((action) => ({ street: action.street, action: action.action, amount: action.amount })),
  };
}

/** The player's finished hands of the night, newest first. */
export function tonightHandsOf(night: TonightNight, playerId: string): readonly TonightPlayerHand[] {
  const views: TonightPlayerHand[] = [];
  for (let index = night.hands.length - 1; index >= 0; index -= 1) {
    const hand = night.hands[index];
    const view = hand === undefined ? null : handView(hand, playerId);
    if (view !== null) views.push(view);
  }
  return views;
}
