/**
 * How a venue tells player names apart. The venue applies a movement by `player_name` and matches names its own way
 * (case-blind, surrounding and repeated spaces ignored, one Unicode form), so two names with the same key are one
 * name to the venue: "AVA BRENNAN", " Ava  Brennan " and "Ava Brennan" credit the same seat, whichever the venue
 * picks. Every rule that asks "is this the same player name" (the namesake rule, in-doubt evidence, the walk-in
 * search) asks this function, never `===`. Zod-free: the renderer bundles it.
 */
export function venueNameKey(name: string): string {
  // NFKC folds compatibility forms (full-width letters, no-break spaces, ligatures) into one spelling; upper then
  // lower case folds the letters whose lower case alone differs (ß and SS).
  return name.normalize('NFKC').replace(/\s+/gu, ' ').trim().toUpperCase().toLowerCase();
}

/** Whether the venue would take two names as one. A null or empty name is nobody's name and matches nothing. */
export function sameVenueName(a: string | null | undefined, b: string | null | undefined): boolean {
  if (a === null || a === undefined || b === null || b === undefined) return false;
  const key = venueNameKey(a);
  return key !== '' && key === venueNameKey(b);
}
