/** Words for a movement's kind, state and times, as the tray and dialogs show them (amounts in chips). */
import type { MovementStatus, MovementView } from '../../preload/contract';
import { formatChips } from '../shared/money';
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

/**
 * "Buy in 200 · Alice (seat 3)" (the tray names its unit once, in its heading); "Buy in · Alice (seat 3)" when the
 * venue hides money (`hideAmount`).
 */
export function movementTitle(movement: MovementView, hideAmount = false): string {
  const what = movement.kind === 'buy_in' ? 'Buy in' : 'Cash out';
  const amount = hideAmount
    ? ''
    : movement.amount === null
      ? movement.kind === 'cash_out'
        ? ' all'
        : ''
      : ` ${formatChips(movement.amount)}`;
  return `${what}${amount} · ${movement.playerName} (seat ${movement.seatId})`;
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
