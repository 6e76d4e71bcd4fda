/** Money display per the venue's money mode. Formatting only: amounts arrive as table chips from main. */
import type { MoneyMode } from '../../preload/contract';

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
const bigBlinds = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const chips = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

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
      return dollars.format(amount);
    case 'bb':
      if (bigBlind === null || !(bigBlind > 0)) return null;
      return `${bigBlinds.format(amount / bigBlind)} bb`;
  }
}

/** A cashier amount (the operator always deals in table chips, whatever the table display mode). */
export function formatChips(amount: number): string {
  return chips.format(amount);
}
