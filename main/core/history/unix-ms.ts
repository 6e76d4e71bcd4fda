/** Historical times as the venue writes them (Unix seconds or ms, or ISO strings), read as Unix ms. */
import { venueMillis } from '../venue/venue-time';

/** A historical time as Unix ms: numbers are Unix seconds (ms when already that large), strings are parsed. */
export function toUnixMs(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) return venueMillis(value);
  if (typeof value === 'string') {
    const parsed = Date.parse(value);
    return Number.isNaN(parsed) ? null : parsed;
  }
  return null;
}
