/**
 * The engine counts money in integer cents so sums never drift; the wire speaks table chips (cents / 100).
 */

/** Chips (a JSON number) to integer cents. */
export const toCents = (chips: number): number => Math.round(chips * 100);

/** Integer cents to chips, exact to the cent. */
export const toChips = (cents: number): number => Math.round(cents) / 100;

/** True when a chip amount is a whole number of cents (1.25 yes, 1.255 no). */
export const isWholeCents = (chips: number): boolean => Math.abs(chips * 100 - Math.round(chips * 100)) < 1e-6;
