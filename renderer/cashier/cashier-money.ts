/**
 * Amounts inside the cashier, in the drawer's unit (cash-text: dollars in `dollars` mode, chips otherwise). Big blinds
 * are never a cashier unit: the table's bb figure appears only as a second figure beside a stack, to compare with the
 * seat. In `hidden` mode no screen shows an amount the venue knows (stacks); the operator still types amounts.
 */
import type { MoneyMode } from '../../preload/contract';
import { cashText, cashUnit } from '../../preload/contract/cash-text';
import { formatMoney } from '../shared/money';

/** "1,250.5 chips" (the in-doubt evidence, which speaks table chips). */
export function chipsText(amount: number): string {
  return cashText(amount, 'chips');
}

/**
 * "127.3 chips (63.7 bb)" in bb mode, "$127.30" in dollars mode; "hidden by the venue" in hidden mode; "unknown"
 * without a stack.
 */
export function stackText(stack: number | null, mode: MoneyMode | null, bigBlind: number | null): string {
  if (mode === 'hidden') return 'hidden by the venue';
  if (stack === null) return 'unknown';
  const drawer = cashText(stack, cashUnit(mode));
  const bb = mode === 'dollars' ? null : formatMoney(stack, 'bb', bigBlind);
  return bb === null ? drawer : `${drawer} (${bb})`;
}
