/**
 * The words under a seat's name. "sitting out" means only one thing: the player is not at the table (present false).
 */
import type { SeatView } from '../../preload/contract';

/** null when there is nothing worth saying (a present player between hands simply waits for the deal). */
export function seatStateLabel(seat: SeatView, betweenHands: boolean): string | null {
  if (seat.name === null) return 'empty';
  if (!seat.present) return 'sitting out';
  if (seat.inHand) return 'in hand';
  if (seat.folded) return 'folded';
  return betweenHands ? null : 'waiting for the next hand';
}
