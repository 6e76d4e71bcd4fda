/**
 * Money arithmetic in table chips. The venue sends chips as JSON numbers; sums of such floats drift, so money is
 * compared and added as whole cents (`Cents`, a branded integer) and turned back into chips only for display or
 * the wire. The rounding itself is the contract's chipsToCents (preload/contract/money-rules.ts), which the
 * renderer's forms share: chips round to cents one way, on screen and in main.
 */
import { chipsToCents, isWholeCents } from '../../../preload/contract/money-rules';

export { isWholeCents };

/** A whole number of hundredths of a table chip. Only `toCents` makes one. */
export type Cents = number & { readonly __unit: 'cents' };

/** Chips -> whole cents (rounding to the nearest cent). */
export function toCents(chips: number): Cents {
  return chipsToCents(chips) as Cents;
}

/** Whole cents -> chips. */
export function fromCents(value: Cents): number {
  return value / 100;
}

/** Sum of cents (integers add exactly). */
export function addCents(a: Cents, b: Cents): Cents {
  return (a + b) as Cents;
}

/** Rounds chips to cents. */
export function cents(value: number): number {
  return fromCents(toCents(value));
}

/** a + b in chips, rounded to cents. */
export function addMoney(a: number, b: number): number {
  return fromCents(addCents(toCents(a), toCents(b)));
}

/** Whether two chip amounts are the same number of cents. */
export function sameMoney(a: number, b: number): boolean {
  return toCents(a) === toCents(b);
}
