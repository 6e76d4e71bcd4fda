/**
 * Small immutable helpers over the table's seats, street bets and stack histories. Each returns a new value only
 * for what changed and hands back the very same object otherwise, so one event costs a copy of the seat list (a
 * handful of seats) at most, never of a history, and untouched seats keep their identity for the UI's memos. An
 * applied event's step (`stepped`) and its stack points (`stackPoint`) are here for both kinds of event file.
 */
import { sameVenueName } from '../../../preload/contract/player-name';
import { BoundedLog } from './bounded-log';
import { cents } from './money';
import type { LiveEvent } from './schemas-live';
import type { StackPoint, StackReason, TableSeat, TableState } from './table-types';

/** No bets on the street yet. */
export const NO_BETS: readonly number[] = Object.freeze([]);

/** `bets` with seat `seatId` raised to `amount` (a small array, indexed by seat id, built in one pass). */
export function withBet(bets: readonly number[], seatId: number, amount: number): readonly number[] {
  if (seatId < bets.length) {
    const next = bets.slice();
    next[seatId] = amount;
    return next;
  }
  // Sized once (a growing push would allocate spare capacity); every slot is written before the array escapes.
  const next = new Array<number>(seatId + 1);
  for (let index = 0; index < seatId; index += 1) next[index] = index < bets.length ? (bets[index] as number) : 0;
  next[seatId] = amount;
  return next;
}

/** Index of `seatId` in `seats`, or -1. */
export function seatIndex(seats: readonly TableSeat[], seatId: number): number {
  for (let index = 0; index < seats.length; index += 1)
    if ((seats[index] as TableSeat).seat_id === seatId) return index;
  return -1;
}

/** Index of the seat holding `playerId`, or -1. */
export function seatIndexOfPlayer(seats: readonly TableSeat[], playerId: string): number {
  for (let index = 0; index < seats.length; index += 1)
    if ((seats[index] as TableSeat).player_id === playerId) return index;
  return -1;
}

/**
 * The one seat carrying this name as the venue matches names (case-blind, spaces collapsed, NFKC), or -1 when none
 * or several do: an event that names no seat and no player can only be placed by a name nobody else carries.
 */
export function seatIndexOfOnlyName(seats: readonly TableSeat[], name: string | null | undefined): number {
  let found = -1;
  for (let index = 0; index < seats.length; index += 1) {
    if (!sameVenueName((seats[index] as TableSeat).name, name)) continue;
    if (found >= 0) return -1;
    found = index;
  }
  return found;
}

/** Replaces the seat at `index` with `seat`. */
export function replaceSeat(seats: readonly TableSeat[], index: number, seat: TableSeat): readonly TableSeat[] {
  const next = seats.slice();
  next[index] = seat;
  return next;
}

/** Adds a seat the model had not seen, keeping seat_id order. */
export function insertSeat(seats: readonly TableSeat[], seat: TableSeat): readonly TableSeat[] {
  const next = seats.slice();
  next.push(seat);
  return next.sort(bySeatId);
}

/** Orders seats by seat_id (a stable sort keeps equal ids in arrival order). */
export function bySeatId(a: TableSeat, b: TableSeat): number {
  return a.seat_id - b.seat_id;
}

/** `seat` itself when `next` says the same thing, so an unchanged seat keeps its identity. */
export function sameOr(seat: TableSeat | null, next: TableSeat): TableSeat {
  return seat !== null &&
    seat.seat_id === next.seat_id &&
    seat.player_id === next.player_id &&
    seat.name === next.name &&
    seat.stack === next.stack &&
    seat.in_hand === next.in_hand &&
    seat.present === next.present
    ? seat
    : next;
}

/**
 * `next` (sorted by seat id) with every seat that says the same as the previous one at that seat kept as that object,
 * and `previous` itself when no seat changed: a state frame that repeats most of the table changes only what moved,
 * so the views built from unchanged seats are reused down to the screen.
 */
export function shareSeats(previous: readonly TableSeat[], next: readonly TableSeat[]): readonly TableSeat[] {
  let unchanged = previous.length === next.length;
  const shared = next.map((seat, index) => {
    const before =
      previous[index]?.seat_id === seat.seat_id
        ? previous[index]
        : previous.find((candidate) => candidate.seat_id === seat.seat_id);
    const kept = sameOr(before ?? null, seat);
    if (kept !== previous[index]) unchanged = false;
    return kept;
  });
  return unchanged ? previous : shared;
}

type StackHistory = Readonly<Record<string, BoundedLog<StackPoint>>>;

/**
 * Records stack points, with at most one object copy per batch: pass the batch's copy back in as `copy` (null at
 * first) and keep what it returns. A state-frame point that repeats the latest stack is skipped (a reconnect should
 * not grow the history when nothing changed).
 */
export function recordStack(
  history: StackHistory,
  copy: Record<string, BoundedLog<StackPoint>> | null,
  playerId: string | null,
  point: StackPoint,
  limit: number,
): Record<string, BoundedLog<StackPoint>> | null {
  if (playerId === null) return copy;
  const log = (copy ?? history)[playerId] ?? BoundedLog.empty<StackPoint>(limit);
  const latest = log.latest();
  if (latest !== undefined && latest.stack === point.stack && point.reason === 'state') return copy;
  const next = copy ?? { ...history };
  next[playerId] = log.append(point);
  return next;
}

/**
 * The next seat clockwise after `fromSeat` that can still act (in the hand with chips behind), or null. The model
 * uses it to move `action_on` between state frames; the next state frame states the venue's own answer.
 */
export function nextToAct(seats: readonly TableSeat[], fromSeat: number | null): number | null {
  if (seats.length === 0 || fromSeat === null) return null;
  // With one player left in the hand nobody acts: the hand is decided.
  let inHand = 0;
  for (let index = 0; index < seats.length; index += 1) if ((seats[index] as TableSeat).in_hand) inHand += 1;
  if (inHand < 2) return null;
  let start = 0;
  while (start < seats.length && (seats[start] as TableSeat).seat_id <= fromSeat) start += 1;
  for (let step = 0; step < seats.length; step += 1) {
    const seat = seats[(start + step) % seats.length] as TableSeat;
    if (seat.seat_id !== fromSeat && seat.in_hand && (seat.stack ?? 0) > 0) return seat.seat_id;
  }
  return null;
}

/** The next state after an applied event: its changes, and the event's seq and arrival as the latest data. */
export function stepped(state: TableState, event: LiveEvent, at: number, changes: Partial<TableState>): TableState {
  return { ...state, ...changes, lastSeq: event.seq, lastDataAt: at };
}

/** The stack point an event at `at` leaves for a player. */
export function stackPoint(event: LiveEvent, at: number, stack: number, reason: StackReason): StackPoint {
  return { seq: event.seq, at, stack: cents(stack), reason };
}
