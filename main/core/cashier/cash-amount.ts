/**
 * The rule for a cash amount the cashier types at a shift's open or close (the opening float, the counted cash).
 * Free of Node imports: the contract's schema applies the same rule (preload/contract/cashier.ts).
 */
import { MAX_AMOUNT } from '../venue/limits';
import { isWholeCents } from '../venue/money';

/**
 * Why a cash amount the cashier typed (opening float, counted cash) is not acceptable, or null: a finite number of
 * chips, not negative, at most the venue's MAX_AMOUNT, at most two decimals.
 */
export function cashAmountProblem(what: string, value: unknown): string | null {
  if (typeof value !== 'number') return `${what} must be a number of chips.`;
  if (!Number.isFinite(value)) return `${what} must be a finite number.`;
  if (value < 0) return `${what} cannot be negative.`;
  if (value > MAX_AMOUNT) return `${what} must be at most ${MAX_AMOUNT.toLocaleString('en-US')}.`;
  if (!isWholeCents(value)) return `${what} must be in whole cents (at most two decimals).`;
  return null;
}
