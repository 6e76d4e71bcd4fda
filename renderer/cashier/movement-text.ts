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

/** "45 s", "1 min 20 s", "2 h 5 min": how long a key has been with the host. */
export function ageText(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return seconds % 60 === 0 ? `${minutes} min` : `${minutes} min ${seconds % 60} s`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
}

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
