/** Money display per the venue's money mode. Formatting only: amounts arrive as table chips from main. */
import type { MoneyMode } from '../../preload/contract';
import { formatDecimal, formatDollars } from '../../preload/contract/number-format';

/**
 * A table-chip amount as the venue wants it shown: `bb` -> amount / big blind with "bb", `dollars` -> $ with two
 * decimals, `hidden` -> null (show nothing). Without a big blind, bb mode cannot convert and shows nothing.
 */
export function formatMoney(amount: number | null, mode: MoneyMode | null, bigBlind: number | null): string | null {
  if (amount === null || !Number.isFinite(amount)) return null;
  switch (mode ?? 'bb') {
    case 'hidden':
      return null;
    case 'dollars':
      return formatDollars(amount);
    case 'bb':
      if (bigBlind === null || !(bigBlind > 0)) return null;
      return `${formatDecimal(amount / bigBlind, 1)} bb`;
  }
}

/** A cashier amount (the operator always deals in table chips, whatever the table display mode). */
export function formatChips(amount: number): string {
  return formatDecimal(amount, 2);
}
