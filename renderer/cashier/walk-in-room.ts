/**
 * Whether the table has a chair for a walk-in, from the live table view: every seat taken on a live view is said
 * before the cashier types (the venue refuses a walk-in at a full table); a full table on a view that is not live is
 * only a note, and the venue decides: a stale belief never blocks a movement the venue would accept.
 */
import type { SeatView } from '../../preload/contract';

export interface WalkInRoom {
  /** Why a walk-in cannot go now (the button is disabled with this beside it), or null. */
  readonly blocked: string | null;
  /** What the cashier should know before pressing without it stopping them, or null. */
  readonly note: string | null;
}

export function walkInRoom(seats: readonly SeatView[], numSeats: number | null, live: boolean): WalkInRoom {
  const chairs = numSeats ?? seats.length;
  const taken = seats.filter((seat) => seat.name !== null).length;
  if (chairs === 0 || taken < chairs) return { blocked: null, note: null };
  if (live)
    return {
      blocked: 'Every seat is taken: the venue cannot seat a walk-in now. Buy in when a player has left the table.',
      note: null,
    };
  return {
    blocked: null,
    note: 'The last table view showed every seat taken, but the view is not live: the venue decides when you buy in.',
  };
}
