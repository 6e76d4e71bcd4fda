/**
 * Wiring for history integration tests and benches: a History over the real VenueClient (through
 * venueHistorySource) pointed at a running demo venue, with a request budget high enough for tests that are not
 * about budgets.
 */
import { History, venueHistorySource } from '../../main/core/history/index';
import { VenueClient } from '../../main/core/venue/rest-client';
import { handListQuery, MAX_HISTORY_PAGE } from './history-args';

export interface VenueAddress {
  readonly baseUrl: string;
  readonly key: string;
}

/** A VenueClient for the demo venue with a generous budget (the demo is configured to match). */
export function testVenueClient(venue: VenueAddress, requestsPerMinute = 100_000): VenueClient {
  return new VenueClient({ baseUrl: venue.baseUrl, key: venue.key, requestsPerMinute, timeoutMs: 60_000 });
}

/** Opens a History in `dir` reading the demo venue. */
export function openVenueHistory(venue: VenueAddress, dir: string, requestsPerMinute?: number): Promise<History> {
  return History.open({ dir, source: venueHistorySource(testVenueClient(venue, requestsPerMinute)) });
}

/** Every stored hand id (for exact comparisons with the venue's published set). */
export function storedHandIds(history: History): string[] {
  const ids: string[] = [];
  const total = history.listHands(handListQuery({ offset: 0, limit: 1 })).data?.total ?? 0;
  for (let offset = 0; offset < total; offset += MAX_HISTORY_PAGE) {
    for (const row of history.listHands(handListQuery({ offset, limit: MAX_HISTORY_PAGE })).data?.rows ?? [])
      ids.push(row.hand_id);
  }
  return ids;
}
