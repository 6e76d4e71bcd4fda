/**
 * The count by denomination, as the cashier types it: a value per piece (chip or note) and how many pieces. The
 * total is shown as the count goes; main checks again that the denominations add up to the count it is given. The
 * limits (a piece's value, how many pieces, the total) are the contract's one rule (shift-input.ts), applied here too.
 */
import type { CashUnit } from '../../preload/contract/cash-text';
import { denominationCents, denominationLinesProblem } from '../../preload/contract/shift-input';
import { readCashAmount } from './amount-input';

export interface DenominationDraft {
  readonly value: string;
  readonly count: string;
}

export type DenominationReading =
  | { readonly ok: true; readonly total: number; readonly lines: readonly { value: number; count: number }[] }
  | { readonly ok: false; readonly error: string };

/** The usual pieces of a cage: chip values, or dollar coins and notes. */
export function defaultDenominations(unit: CashUnit): DenominationDraft[] {
  const values =
    unit === 'dollars' ? ['0.25', '1', '5', '10', '20', '50', '100'] : ['1', '5', '25', '100', '500', '1000'];
  return values.map((value) => ({ value, count: '' }));
}

/** Reads the table: blank counts are 0; a bad line is named. The total is in whole cents, then back to units. */
export function readDenominations(drafts: readonly DenominationDraft[]): DenominationReading {
  const lines: { value: number; count: number }[] = [];
  for (const [index, draft] of drafts.entries()) {
    const countText = draft.count.trim();
    if (countText === '' && draft.value.trim() === '') continue;
    const value = readCashAmount(draft.value);
    if (!value.ok || value.amount === 0)
      return {
        ok: false,
        error: `Line ${index + 1}: the value must be an amount above 0 (${value.ok ? 'not 0' : value.error})`,
      };
    if (countText !== '' && !/^\d{1,6}$/.test(countText))
      return { ok: false, error: `Line ${index + 1}: the number of pieces must be a whole number.` };
    const count = countText === '' ? 0 : Number(countText);
    if (count === 0) continue;
    lines.push({ value: value.amount, count });
  }
  const problem = denominationLinesProblem(lines);
  if (problem !== null) return { ok: false, error: problem };
  return { ok: true, total: denominationCents(lines) / 100, lines };
}
