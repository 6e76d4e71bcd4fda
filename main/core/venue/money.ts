/**
 * Money arithmetic in table chips. The venue sends chips as JSON numbers; sums of such floats drift, so money is
 * compared and added as whole cents (`Cents`, a branded integer) and turned back into chips only for display or
 * the wire. This file is the one place that rounds.
 */

/** A whole number of hundredths of a table chip. Only `toCents` makes one. */
export type Cents = number & { readonly __unit: 'cents' };

/** Chips -> whole cents (rounding to the nearest cent). */
export function toCents(chips: number): Cents {
  return Math.round(chips * 100) as Cents;
}

/** Whole cents -> chips. */
export function fromCents(value: Cents): number {
  return value / 100;
}

/** Whether a chip amount is an exact number of cents (no sub-cent part beyond float noise). */
export function isWholeCents(chips: number): boolean {
  return Number.isFinite(chips) && Math.abs(chips * 100 - Math.round(chips * 100)) < 1e-6;
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
