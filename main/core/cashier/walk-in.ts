/**
 * The walk-in rule. The request itself is not checked here: only the contract's schema makes a MovementRequest
 * (types.ts), and that parse already applied the money rules of venue/limits.ts.
 */
import { sameVenueName } from '../../../preload/contract/player-name';
import type { MovementRequest, ObservedSeat } from './types';

/**
 * Why a walk-in (a buy-in with no seat) must not go, or null: the name is already seated. The venue applies a buy-in
 * by name, so it would top up that seat, not sit a new player. It is refused rather than turned into that seat's
 * buy-in: a namesake (a different person with the seated player's name) would otherwise be credited to someone
 * else's stack without the cashier ever seeing that stack; from the seat, the cashier sees whose chips they add to.
 */
export function walkInBlocker(
  request: Pick<MovementRequest, 'seatId' | 'playerName'>,
  seats: readonly ObservedSeat[],
): string | null {
  if (request.seatId !== null) return null;
  // A seat the venue left unnumbered (seat_id null, as the spec allows) still seats that name: the venue applies
  // by name, so the chips would go to it all the same. There is no seat to send the cashier to, but still a refusal.
  const seated = seats.find((seat) => sameVenueName(seat.name, request.playerName));
  if (seated === undefined) return null;
  if (seated.seat_id === null)
    return (
      `${seated.name ?? request.playerName} is already seated (the venue did not say at which seat): ` +
      `the venue would add the chips to that seat. Nothing was sent.`
    );
  return (
    `${seated.name ?? request.playerName} is already seated at seat ${seated.seat_id}: ` +
    `buy in from seat ${seated.seat_id} (the venue would add the chips to that seat). Nothing was sent.`
  );
}
