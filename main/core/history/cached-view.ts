/**
 * What every history query returns: the data with its age, so the UI can say "as of 18:02" and show a stale or
 * offline badge. `availability` separates "not yet published" (a state) from "not available offline" (no copy,
 * no venue) from a venue failure with no copy.
 */

/** available: data present. not_published: the venue has not published it yet (404 not_found). */
export type Availability = 'available' | 'not_published' | 'not_available_offline' | 'unavailable';

/** A query answer with its freshness. */
export interface CachedView<T> {
  readonly data: T | null;
  /** Unix ms when the data was fetched from the venue; null when never. */
  readonly fetchedAt: number | null;
  /** True when the copy is older than its freshness window or the last refresh failed. */
  readonly stale: boolean;
  readonly availability: Availability;
  /** Why the last refresh failed, when it did. */
  readonly error: string | null;
}

/** An answer carrying data. */
export function availableView<T>(
  data: T,
  fetchedAt: number | null,
  stale: boolean,
  error: string | null = null,
): CachedView<T> {
  return { data, fetchedAt, stale, availability: 'available', error };
}

/** An answer without data. */
export function emptyView<T>(
  availability: Exclude<Availability, 'available'>,
  fetchedAt: number | null,
  error: string | null,
): CachedView<T> {
  return { data: null, fetchedAt, stale: availability !== 'not_published', availability, error };
}
