/** Money arithmetic in table chips: every sum is rounded to cents so floats never accumulate error. */

/** Rounds to cents. */
export function cents(value: number): number {
  return Math.round(value * 100) / 100;
}

/** a + b, rounded to cents. */
export function addMoney(a: number, b: number): number {
  return Math.round((a + b) * 100) / 100;
}
