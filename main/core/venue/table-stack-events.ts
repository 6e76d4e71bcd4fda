/**
 * How a stack change moves the table: `payout_applied` and `transaction_applied` carry an absolute stack (or, failing
 * that, a delta), placed on the seat they name, else the player's seat, else the one seat carrying their name. The
 * hand's own events are table-events.ts.
 */
import { addMoney, cents } from './money';
import type { LiveEvent, PayoutApplied, TransactionApplied } from './schemas-live';
import {
  insertSeat,
  recordStack,
  replaceSeat,
  sameOr,
  seatIndex,
  seatIndexOfOnlyName,
  seatIndexOfPlayer,
  stackPoint,
  stepped,
} from './table-seats';
import type { StackReason, TableSeat, TableState } from './table-types';
import { tickerLine } from './ticker-lines';

/** Applies an absolute (or, failing that, relative) stack change from a payout or a money movement. */
export function applyStackChange(
  state: TableState,
  event: LiveEvent,
  p: PayoutApplied | TransactionApplied,
  seatId: number | null,
  kind: 'payout' | 'money',
  label: string,
  at: number,
): TableState {
  let index = seatId === null ? -1 : seatIndex(state.seats, seatId);
  if (index < 0 && p.player_id != null) index = seatIndexOfPlayer(state.seats, p.player_id);
  // No seat and no player: the name places it only when exactly one seat carries it (else the keeper heals).
  if (index < 0 && seatId === null && p.player_id == null) index = seatIndexOfOnlyName(state.seats, p.name);
  const known = index >= 0 ? (state.seats[index] as TableSeat) : null;
  const delta = p.delta ?? null;
  const stack =
    p.stack_after != null
      ? cents(p.stack_after)
      : known?.stack != null && delta !== null
        ? addMoney(known.stack, delta)
        : (known?.stack ?? null);
  let seats = state.seats;
  if (known !== null) {
    const seat = sameOr(known, {
      ...known,
      stack,
      player_id: p.player_id ?? known.player_id,
      name: p.name ?? known.name,
      // Money coming in seats the player at the table.
      present: kind === 'money' && (p.delta ?? 0) > 0 ? true : known.present,
    });
    if (seat !== known) seats = replaceSeat(seats, index, seat);
  } else if (seatId !== null) {
    seats = insertSeat(seats, {
      seat_id: seatId,
      player_id: p.player_id ?? null,
      name: p.name ?? null,
      stack,
      in_hand: false,
      present: true,
    });
  }
  const playerId = p.player_id ?? known?.player_id ?? null;
  const reason: StackReason = kind === 'payout' ? 'payout' : 'transaction';
  const history =
    stack === null
      ? null
      : recordStack(
          state.stackHistory,
          null,
          playerId,
          stackPoint(event, at, stack, reason),
          state.limits.stackHistorySize,
        );
  const line = tickerLine(
    event.seq,
    event.ts,
    kind,
    label,
    p.hand_number ?? state.handNumber,
    seatId ?? known?.seat_id ?? null,
    playerId,
    p.name ?? known?.name ?? null,
    delta ?? p.amount ?? null,
    stack,
  );
  return stepped(state, event, at, {
    seats,
    stackHistory: history ?? state.stackHistory,
    ticker: state.ticker.append(line),
  });
}

/**
 * Whether a stack change cannot be placed on this table: it names no seat and no player, and no single seat carries
 * its name. The table is then wrong in an unknown place until a fresh reading heals it.
 */
export function unplaceableStackChange(state: TableState, event: LiveEvent): boolean {
  if (event.kind !== 'transaction_applied' && event.kind !== 'payout_applied') return false;
  const p = event.payload;
  if (p.seat_id != null || p.player_id != null) return false;
  return seatIndexOfOnlyName(state.seats, p.name) < 0;
}
