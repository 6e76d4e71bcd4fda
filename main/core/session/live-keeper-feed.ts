/** The LiveFeed of a real venue: main/core/venue's LiveKeeper with its place persisted in the venue's folder. */
import { LiveKeeper, type LiveKeeperOptions } from '../venue/live-keeper';
import { LivePersistence } from '../venue/live-persistence';
import type { LiveFeed, LiveFeedFactory } from './live-feed';

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
    return {
      subscribe: (listener) => keeper.subscribe(listener),
      start: () => keeper.start(),
      reconnectNow: () => keeper.reconnectNow(),
      close: () => keeper.stop(),
    };
  };
}
