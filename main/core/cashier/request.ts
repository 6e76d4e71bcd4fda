/**
 * The cashier's last check of a request before anything is journaled. The session parses the renderer's request
 * with the contract's schema (built on the same rules in venue/limits.ts); this only re-asserts the money
 * invariants for callers that build requests in code, so a bad amount can never reach the journal.
 */
import { sameVenueName } from '../../../preload/contract/player-name';
import { amountProblem, playerNameProblem } from '../venue/limits';
import type { MovementRequest, ObservedSeat } from './types';

/** The problems with a request, in words a cashier can read; empty when it may be journaled. */
export function checkMovementRequest(request: MovementRequest): readonly string[] {
  const problems: string[] = [];
  const name = playerNameProblem(request.playerName);
  if (name !== null) problems.push(name);
  if (request.amount !== undefined) {
    const amount = amountProblem(request.amount);
    if (amount !== null) problems.push(amount);
  } else if (request.kind === 'buy_in') problems.push('A buy-in needs an amount.');
  if (request.seatId === null) {
    if (request.kind === 'cash_out') problems.push('A cash-out names the seat it cashes out.');
  } else if (!Number.isInteger(request.seatId)) problems.push('Seat must be a whole number.');
  return problems;
}

/**
 * Why a walk-in (a buy-in with no seat) must not go, or null: the name is already seated. The venue applies a buy-in
 * by name, so it would top up that seat, not sit a new player. It is refused rather than turned into that seat's
 * buy-in: a namesake (a different person with the seated player's name) would otherwise be credited to someone
 * else's stack without the cashier ever seeing that stack; from the seat, the cashier sees whose chips they add to.
 */
export function walkInBlocker(request: MovementRequest, seats: readonly ObservedSeat[]): string | null {
  if (request.seatId !== null) return null;
  const seated = seats.find((seat) => seat.seat_id !== null && sameVenueName(seat.name, request.playerName));
  if (seated === undefined) return null;
  return (
    `${seated.name ?? request.playerName} is already seated at seat ${seated.seat_id}: ` +
    `buy in from seat ${seated.seat_id} (the venue would add the chips to that seat). Nothing was sent.`
  );
}
