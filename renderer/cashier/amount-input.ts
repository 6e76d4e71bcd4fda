/**
 * Reads what the cashier typed into an amount field. The UI refuses bad input before anything is sent; main
 * validates again with the contract's schema (the renderer is never the only guard).
 */
export const MAX_MOVEMENT = 1_000_000;

export type AmountReading =
  { readonly ok: true; readonly amount: number } | { readonly ok: false; readonly error: string };

/** Accepts "250", "250.5", "1,000.25"; refuses text, zero, negatives, more than two decimals, > 1,000,000. */
export function readAmount(text: string): AmountReading {
  const trimmed = text.trim().replace(/,/g, '');
  if (trimmed === '') return { ok: false, error: 'Enter an amount.' };
  if (trimmed.startsWith('-')) return { ok: false, error: 'The amount cannot be negative.' };
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return { ok: false, error: 'Enter a number with at most two decimals.' };
  const amount = Number(trimmed);
  if (amount <= 0) return { ok: false, error: 'The amount must be more than 0.' };
  if (amount > MAX_MOVEMENT) return { ok: false, error: 'The amount cannot be more than 1,000,000.' };
  return { ok: true, amount };
}

/**
 * Reads a cash amount the cashier typed at a shift's open or close (opening float, counted cash): like readAmount,
 * but 0 is a real count. main checks the same rule again (main/core/cashier/cash-amount.ts).
 */
export function readCashAmount(text: string): AmountReading {
  const trimmed = text.trim().replace(/,/g, '');
  if (trimmed === '') return { ok: false, error: 'Enter an amount (0 if there is none).' };
  if (trimmed.startsWith('-')) return { ok: false, error: 'The amount cannot be negative.' };
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return { ok: false, error: 'Enter a number with at most two decimals.' };
  const amount = Number(trimmed);
  if (amount > MAX_MOVEMENT) return { ok: false, error: 'The amount cannot be more than 1,000,000.' };
  return { ok: true, amount };
}
