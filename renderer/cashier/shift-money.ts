/**
 * Shift amounts per the venue's money mode. The cashier's money is table chips; `dollars` shows it as dollars,
 * `bb` (and a venue that has not published its mode) as chips, since a drawer is counted in chips, not big blinds.
 * `hidden` shows no amount at all on screen: the shift closes "blind" (the cashier counts without seeing the
 * expected figure and reads only whether the drawer is balanced, over or short); the printed summary and the CSV,
 * which go to whoever checks the drawer, carry the amounts.
 */
import type { MoneyMode } from '../../preload/contract';
import { formatChips } from '../shared/money';
import { formatDollars } from '../../preload/contract/number-format';

/** The amount as the screen may show it, or null in hidden mode. */
export function shiftMoney(amount: number, mode: MoneyMode | null): string | null {
  if (mode === 'hidden') return null;
  return mode === 'dollars' ? formatDollars(amount) : `${formatChips(amount)} chips`;
}

/** The amount for paper (the printed summary): always shown, in the venue's unit. */
export function printedMoney(amount: number, mode: MoneyMode | null): string {
  return mode === 'dollars' ? formatDollars(amount) : `${formatChips(amount)} chips`;
}

/** "balanced", "over", "short". */
export function varianceWord(variance: number): 'balanced' | 'over' | 'short' {
  if (variance === 0) return 'balanced';
  return variance > 0 ? 'over' : 'short';
}

/** "+12.50 chips (over)", "−3.00 chips (short)", "balanced"; in hidden mode only the word. */
export function varianceText(variance: number, mode: MoneyMode | null, forPaper = false): string {
  const word = varianceWord(variance);
  if (word === 'balanced') return 'balanced';
  const amount = forPaper ? printedMoney(Math.abs(variance), mode) : shiftMoney(Math.abs(variance), mode);
  return amount === null ? word : `${variance > 0 ? '+' : '−'}${amount} (${word})`;
}
