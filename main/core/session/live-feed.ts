/**
 * The live plane as the venue connection opens it: the table model fed by the venue socket, and the socket's standing.
 * `keeperLiveFeed` (live-keeper-feed.ts) provides it from main/core/venue's LiveKeeper; tests may hand-write one. The
 * connection (venue-connection.ts) relays both its subscriptions as its one stream.
 */
import type { StreamCoverage } from '../cashier';
import type { KeeperStatus, KeeperUpdate, ReconnectNow } from '../venue/live-keeper';
import type { VenueClient } from '../venue/rest-client';
import type { LiveEvent } from '../venue/schemas-live';
import type { TableState } from '../venue/table-model';

/** What changed: the table or the socket's standing, or one applied event (after the table took it). */
export type LiveChange =
  | { readonly type: 'table' }
  | { readonly type: 'event'; readonly event: LiveEvent }
  /** A missed stretch of the stream (buffer evicted or engine restarted): reconcile against /hands. */
  | { readonly type: 'gap' }
  /** A heartbeat proved the stream delivered everything up to a later time (see `coverage`). */
  | { readonly type: 'delivered' };

export interface LiveFeed {
  table(): TableState;
  status(): KeeperStatus;
  /** What the stream proves it delivered; absent for a feed that cannot say (then nothing is proven). */
  coverage?(): StreamCoverage;
  subscribe(listener: (change: LiveChange) => void): () => void;
  /**
   * Every keeper update in order (events with their seq, gaps with their reason, each connection's replay verdict),
   * for the venue ledger. A feed without it keeps no venue ledger: reconciliation then says nothing was watched.
   */
  subscribeKeeper?(listener: (update: KeeperUpdate) => void): () => void;
  /** "Reconnect now": try at once instead of waiting out the backoff (a feed without it cannot be hurried). */
  reconnectNow?(): ReconnectNow;
  close(): Promise<void>;
}

export interface LiveFeedOptions {
  readonly wsUrl: string;
  readonly key: string;
  /** Where the feed persists its last frame and cursor (per venue). */
  readonly dataDir: string;
  readonly client: VenueClient;
}

export type LiveFeedFactory = (options: LiveFeedOptions) => Promise<LiveFeed>;
