/** A bare HTTP client for these tests: real requests to a running demo venue, answers parsed but not validated. */
import { afterEach } from 'vitest';
import type { DemoVenueOptions } from '../../../main/demo/api';
import { startDemoVenue, type RunningDemoVenue } from '../../../main/demo/index';

export interface Answer<T = Record<string, unknown>> {
  readonly status: number;
  readonly body: T;
  /** The Cache-Control header (null when absent). */
  readonly cacheControl: string | null;
}

export interface HandSummaryShape {
  readonly hand_id: string;
  readonly ts: number;
  readonly hand_number: number;
  readonly session_uid: string;
  readonly player_count: number;
  readonly final_pot_bb?: number;
  readonly [field: string]: unknown;
}

export interface CursorAnswer {
  readonly order: string;
  readonly count: number;
  readonly complete: boolean;
  readonly hands: HandSummaryShape[];
  readonly cursor: { readonly ts: number; readonly hand_id: string } | null;
}

export interface VenueClient {
  readonly venue: RunningDemoVenue;
  get<T = Record<string, unknown>>(path: string): Promise<Answer<T>>;
  send<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<Answer<T>>;
  /** Every page of /hands, newest first. */
  allPages(): Promise<HandSummaryShape[]>;
}

/** Starts a venue with no rate limit in the way (these tests make many reads) and no live table unless asked. */
export async function startVenue(options: DemoVenueOptions = {}): Promise<VenueClient> {
  const venue = await startDemoVenue({
    autoplay: false,
    historyHands: 300,
    pageSize: 40,
    rateLimits: { requestsPerMinute: 1_000_000, writesPerMinute: 1_000_000 },
    ...options,
  });
  const send = async <T>(method: string, path: string, body?: unknown): Promise<Answer<T>> => {
    const response = await fetch(`${venue.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${venue.key}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return {
      status: response.status,
      body: (await response.json()) as T,
      cacheControl: response.headers.get('cache-control'),
    };
  };
  const get = <T>(path: string): Promise<Answer<T>> => send<T>('GET', path);
  return {
    venue,
    get,
    send,
    async allPages() {
      const index = await get<{ pages: number }>('/hands');
      const hands: HandSummaryShape[] = [];
      for (let page = 1; page <= index.body.pages; page += 1) {
        hands.push(...(await get<{ hands: HandSummaryShape[] }>(`/hands?page=${page}`)).body.hands);
      }
      return hands;
    },
  };
}

/** `open(options)` for a test file: the venue it starts is closed after each test. */
export function venuePerTest(): (options?: DemoVenueOptions) => Promise<VenueClient> {
  let client: VenueClient | undefined;
  afterEach(async () => {
    await client?.venue.close();
    client = undefined;
  });
  return async (options = {}) => {
    client = await startVenue(options);
    return client;
  };
}
