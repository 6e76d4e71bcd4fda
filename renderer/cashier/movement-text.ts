/** Words for a movement's kind, state and times, as the tray and dialogs show them (amounts in the drawer's unit). */
import type { MovementStatus, MovementView } from '../../preload/contract';
import { cashText, type CashUnit } from '../../preload/contract/cash-text';
import { clockTime } from '../shared/time';

export const statusLabels: Record<MovementStatus, string> = {
  queued: 'queued until the hand ends',
  sending: 'sending',
  'with-host': 'with the host',
  applied: 'applied',
  refused: 'refused',
  'in-doubt': 'IN DOUBT',
  'left-in-doubt': 'left in doubt',
  cancelled: 'cancelled',
  withdrawn: 'withdrawn (never sent)',
};

/** "buy-in" or "cash-out", as a ledger row names the kind. */
export function kindText(kind: 'buy_in' | 'cash_out'): string {
  return kind === 'buy_in' ? 'buy-in' : 'cash-out';
}

/** "seat 3", or "walk-in" for a buy-in by name (the venue chose the seat). */
export function seatText(seatId: number | null): string {
  return seatId === null ? 'walk-in' : `seat ${seatId}`;
}

/**
 * "Buy in 200 chips · Alice (seat 3)", "Buy in $200.00 · Bob (walk-in)"; "Buy in · Alice (seat 3)" when the venue
 * hides money (`hideAmount`).
 */
export function movementTitle(movement: MovementView, unit: CashUnit, hideAmount = false): string {
  const what = movement.kind === 'buy_in' ? 'Buy in' : 'Cash out';
  const amount = hideAmount
    ? ''
    : movement.amount === null
      ? movement.kind === 'cash_out'
        ? ' all'
        : ''
      : ` ${cashText(movement.amount, unit)}`;
  return `${what}${amount} · ${movement.playerName} (${seatText(movement.seatId)})`;
}

/** "asked 17:33:25 · settled 17:33:27" */
export function movementTimes(movement: MovementView): string {
  const asked = `asked ${clockTime(movement.requestedAt)}`;
  return movement.settledAt === null ? asked : `${asked} · settled ${clockTime(movement.settledAt)}`;
}

/** The last characters of an idempotency key: enough to match a tray line with a slip or the venue's records. */
export function shortReference(id: string): string {
  return id.length <= 8 ? id : `…${id.slice(-8)}`;
}
