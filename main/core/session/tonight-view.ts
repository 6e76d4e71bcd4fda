/** Projects tonight's accumulated hands onto the contract's view of one player (pure). */
import type { TonightHandView } from '../../../preload/contract';
import type { TonightHand, TonightNight } from './tonight-hands';

function handView(hand: TonightHand, playerId: string): TonightHandView | null {
  const seat = hand.seats.find((entry) => entry.playerId === playerId);
  if (seat === undefined) return null;
  const winners = hand.seats.filter((entry) => hand.winnerSeats.includes(entry.seatId)).map((entry) => entry.name ?? `Seat ${entry.seatId}`);
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
export function tonightHandsOf(night: TonightNight, playerId: string): readonly TonightHandView[] {
  const views: TonightHandView[] = [];
  for (let index = night.hands.length - 1; index >= 0; index -= 1) {
    const hand = night.hands[index];
    const view = hand === undefined ? null : handView(hand, playerId);
    if (view !== null) views.push(view);
  }
  return views;
}
