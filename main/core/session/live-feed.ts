/**
 * The live plane as the venue connection opens it: the live keeper's publications (live-keeper-feed.ts provides them
 * from main/core/venue's LiveKeeper; tests may hand-write a feed). Each publication is one change with the table,
 * standing and coverage it left; the connection (venue-connection.ts) holds the latest and hands it down.
 */
import type { KeeperUpdate, LiveView, ReconnectNow } from '../venue/live-keeper';
import type { VenueClient } from '../venue/rest-client';
import type { LiveEvent } from '../venue/schemas-live';

/** What a publication changed, as the table's readers see it: the table or the socket's standing, or one event. */
export type LiveChange =
  | { readonly type: 'table' }
  | { readonly type: 'event'; readonly event: LiveEvent }
  /** A missed stretch of the stream (buffer evicted or engine restarted): reconcile against /hands. */
  | { readonly type: 'gap' }
  /** A heartbeat proved the stream delivered everything up to a later time (see the publication's `coverage`). */
  | { readonly type: 'delivered' };

/** Keeper updates after which the table or its standing (connected, caught up) may differ. */
const TABLE_UPDATES: ReadonlySet<KeeperUpdate['type']> = new Set([
  'state',
  'status',
  'reset',
  'healed',
  'repaired',
  'protocol-error',
]);

/**
 * What one keeper update changed for the table's readers, or null (a resume verdict, a violation, an ignored frame:
 * the venue ledger's alone). A protocol error or a repaired event can leave the table behind (no longer caught up)
 * without changing what it shows: it counts as a table change, so the cashier stops taking it as evidence at once.
 */
export function liveChangeOf(update: KeeperUpdate): LiveChange | null {
  if (update.type === 'event') return { type: 'event', event: update.event };
  if (TABLE_UPDATES.has(update.type)) return { type: 'table' };
  if (update.type === 'gap' || update.type === 'delivered') return { type: update.type };
  return null;
}

export interface LiveFeed {
  /**
   * One publication per change, in order (events with their seq, gaps with their reason, each connection's replay
   * verdict), each with the state it left; returns the unsubscribe.
   */
  subscribe(listener: (view: LiveView) => void): () => void;
  /** Restores the saved place and connects: the first publication (with the restored table) comes from here. */
  start(): Promise<void>;
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
