/**
 * Amounts inside the cashier: the operator enters and reads table chips, so chips are always named; the table's
 * own display (bb or dollars, per the venue's money mode) is shown next to them where it helps to compare with the
 * seat. In `hidden` mode no screen shows an amount the venue knows (stacks); the operator still types amounts.
 */
import type { MoneyMode } from '../../preload/contract';
import { formatChips, formatMoney } from '../shared/money';

/** "1,250.5 chips" */
export function chipsText(amount: number): string {
  return `${formatChips(amount)} chips`;
}

/**
 * "63.7 bb (127.3 chips)" as the seat shows it plus chips; "hidden by the venue" in hidden mode; "unknown" without a
 * stack.
 */
export function stackText(stack: number | null, mode: MoneyMode | null, bigBlind: number | null): string {
  if (mode === 'hidden') return 'hidden by the venue';
  if (stack === null) return 'unknown';
  const shown = formatMoney(stack, mode, bigBlind);
  return shown === null ? chipsText(stack) : `${shown} (${chipsText(stack)})`;
}
