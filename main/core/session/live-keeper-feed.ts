/** The LiveFeed of a real venue: main/core/venue's LiveKeeper with its place persisted in the venue's folder. */
import { LiveKeeper, type KeeperUpdate, type LiveKeeperOptions } from '../venue/live-keeper';
import { LivePersistence } from '../venue/live-persistence';
import type { LiveFeed, LiveFeedFactory } from './live-feed';

/** Keeper updates after which the table or its standing (connected, caught up) may differ. */
const TABLE_UPDATES: ReadonlySet<KeeperUpdate['type']> = new Set([
  'state',
  'status',
  'reset',
  'healed',
  'repaired',
  'protocol-error',
]);

/** Builds the factory; `tune` lets tests shorten heartbeats and backoff. */
export function keeperLiveFeed(tune: Partial<LiveKeeperOptions> = {}): LiveFeedFactory {
  return async (options): Promise<LiveFeed> => {
    const keeper = new LiveKeeper({
      wsUrl: options.wsUrl,
      key: options.key,
      persistence: new LivePersistence(options.dataDir),
      access: options.client,
      // An event that could not be applied heals from GET /live/state through the same client (and its budget).
      stateSource: options.client,
      ...tune,
    });
    await keeper.start();
    return {
      table: () => keeper.table,
      status: () => keeper.status,
      coverage: () => keeper.coverage,
      subscribe(listener) {
        return keeper.subscribe((update) => {
          if (update.type === 'event') listener({ type: 'event', event: update.event });
          // A protocol error or a repaired event can leave the table behind (no longer caught up) without changing
          // what it shows: the listeners re-read it, so the cashier stops taking it as evidence at once.
          else if (TABLE_UPDATES.has(update.type)) listener({ type: 'table' });
          else if (update.type === 'gap') listener({ type: 'gap' });
          else if (update.type === 'delivered') listener({ type: 'delivered' });
        });
      },
      subscribeKeeper: (listener) => keeper.subscribe(listener),
      reconnectNow: () => keeper.reconnectNow(),
      close: () => keeper.stop(),
    };
  };
}
