/** What the HTTP routes and the socket server need from the venue (built in ../venue.ts). */
import type { DemoMoneyMode } from '../api';
import type { EventFeed } from '../live/event-feed';
import type { LiveFaultSwitches } from '../live/live-faults';
import type { LiveState } from '../live/projection';
import type { MovementDesk } from '../money/movement-desk';
import type { DemoStakes } from '../played-hand';
import type { KeyRing } from './key-ring';
import type { RateLimiter } from './rate-limiter';
import type { UnknownFieldInjector } from './unknown-fields';

/** The historical plane as the server calls it (main/demo/history/plane.ts). */
export interface HistoryRoutes {
  /** `headers` carries the plane's caching hints (they replace the server's default no-store). */
  handle(
    path: string,
    query: URLSearchParams,
  ): { status: number; body: unknown; headers?: Record<string, string> } | null;
  publishedMoneyMode(): DemoMoneyMode | undefined;
}

/** Webhook management as the server calls it (main/demo/webhooks/hub.ts). */
export interface WebhookRoutes {
  handle(keyId: string, method: string, path: string, body: unknown): { status: number; body: unknown } | null;
}

export interface VenueContext {
  readonly venueId: string;
  readonly venueName: string;
  readonly tableName: string;
  readonly stakes: DemoStakes;
  readonly keys: KeyRing;
  /** Unix milliseconds. */
  readonly now: () => number;
  /** True while the host machine streams. */
  readonly live: () => boolean;
  /** The current state, or the last known one while offline. */
  readonly liveState: () => LiveState | null;
  readonly feed: EventFeed;
  readonly desk: MovementDesk;
  readonly history: HistoryRoutes;
  readonly webhooks: WebhookRoutes;
  readonly injector: UnknownFieldInjector;
  readonly requestLimiter: RateLimiter;
  readonly writeLimiter: RateLimiter;
  readonly socketsPerKey: number;
  /** The socket server is frozen (half-open sockets). */
  readonly frozen: () => boolean;
  /** GET /'s `updated` (the date of the latest interface change). */
  readonly apiUpdated: () => string;
  /** Refused upgrades and malformed seats (live/live-faults.ts). */
  readonly liveFaults: LiveFaultSwitches;
}
