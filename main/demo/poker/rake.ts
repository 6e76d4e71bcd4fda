/** The venue's rake, the same at the live table and in the synthetic history. */

/** The cap in big blinds. */
export const RAKE_CAP_BIG_BLINDS = 2.5;

/** 5% of the pot (cents), capped, and nothing when no flop was dealt ("no flop, no drop"). */
export function rakeFor(potCents: number, flopSeen: boolean, capCents: number): number {
  if (!flopSeen) return 0;
  return Math.min(capCents, Math.floor((potCents * 5) / 100));
}

/** The cap in cents for a big blind in cents. */
export const rakeCapCents = (bigBlindCents: number): number => Math.floor(bigBlindCents * RAKE_CAP_BIG_BLINDS);
