/**
 * The one unit of the cashier's money: the drawer's. Buy-in and cash-out amounts, the tray, the ledger, the slip, the
 * float, the count, expected cash, the variance, the shift summary and the CSV all speak it, written by these
 * functions only. In `dollars` mode one table chip is one dollar (the venue shows chip amounts as dollars), so the
 * drawer counts dollars: "$1,250.00". In every other mode (and while the mode is unknown) the drawer counts table
 * chips: "1,250 chips". The venue's display unit (big blinds) is never a cashier unit: it appears only beside a stack,
 * as a second figure. Whether an amount may be shown at all (`hidden` mode) is decided by the caller. Zod-free: the
 * renderer bundles it.
 */
import { formatDecimal, formatDollars } from './number-format';
import type { MoneyMode } from './table';

export type CashUnit = 'dollars' | 'chips';

/** The drawer's unit under a venue money mode (null: not known yet). */
export function cashUnit(mode: MoneyMode | null): CashUnit {
  return mode === 'dollars' ? 'dollars' : 'chips';
}

/** "$1,250.00" or "1,250.5 chips". */
export function cashText(amount: number, unit: CashUnit): string {
  return unit === 'dollars' ? formatDollars(amount) : `${formatDecimal(amount, 2)} chips`;
}

/** The unit's short label beside an input or a column heading: "$" or "chips". */
export function cashUnitLabel(unit: CashUnit): string {
  return unit === 'dollars' ? '$' : 'chips';
}
