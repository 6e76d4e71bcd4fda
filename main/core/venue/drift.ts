/**
 * Interface drift: `GET /` reports the date of the venue's latest interface change. Comparing it with the date
 * this client was built for tells the app to show "the venue has changed since this version" without failing:
 * v1 only grows additively, so drift is information, not an error.
 */
import type { Discovery } from './schemas-rest';

/** The spec revision this client implements (the last dated change of v1 it knows). */
export const SPEC_UPDATED = '2026-09-26';

export interface DriftReport {
  readonly builtFor: string;
  /** The venue's `updated`, when it is a string; otherwise null. */
  readonly venueUpdated: string | null;
  readonly changelog: string | null;
  /** `newer`: the venue changed after this client was built; `older`: the venue predates it. */
  readonly drift: 'none' | 'newer' | 'older' | 'unknown';
  /** The venue's interface version (1 expected). */
  readonly version: number | null;
}

// ISO dates (YYYY-MM-DD, optionally with a time) compare correctly as their first ten characters.
const ISO_DATE = /^\d{4}-\d{2}-\d{2}/;

/** Compares a discovery document with SPEC_UPDATED (or `builtFor`). */
export function detectDrift(discovery: Discovery, builtFor: string = SPEC_UPDATED): DriftReport {
  const venueUpdated = typeof discovery.updated === 'string' ? discovery.updated : null;
  const changelog = typeof discovery.changelog === 'string' ? discovery.changelog : null;
  const version = discovery.version ?? null;
  let drift: DriftReport['drift'] = 'unknown';
  if (venueUpdated !== null && ISO_DATE.test(venueUpdated)) {
    const theirs = venueUpdated.slice(0, 10);
    drift = theirs === builtFor ? 'none' : theirs > builtFor ? 'newer' : 'older';
  }
  return { builtFor, venueUpdated, changelog, drift, version };
}
