/**
 * Venue timestamps. The spec gives `ts` only as "number" (hand actions are Unix seconds, webhook bodies
 * milliseconds), so any of them may come in either unit: a value from 1e11 up (the year 5138 in seconds, 1973 in
 * milliseconds) is read as milliseconds.
 */
const FIRST_MILLISECONDS = 1e11;

/** A venue timestamp in Unix seconds. */
export function venueSeconds(ts: number): number {
  return ts >= FIRST_MILLISECONDS ? ts / 1000 : ts;
}

/** A venue timestamp in Unix milliseconds (whole). */
export function venueMillis(ts: number): number {
  return ts >= FIRST_MILLISECONDS ? ts : Math.round(ts * 1000);
}
