/**
 * The history sync's share of the venue's request budget. The venue allows 240 requests a minute per key and the
 * client already keeps the whole app under it; a long sync would still take all of it and make the cashier's own
 * reads (host probe, venue facts) wait. So history requests first take a turn from a smaller budget of their own.
 */
import type { HistorySource } from '../history';
import { systemClock, type Clock } from '../venue/clock';
import { RateBudget } from '../venue/rate-budget';

/** Requests per minute the history may use by default: three quarters of the spec's 240. */
export const HISTORY_REQUESTS_PER_MINUTE = 180;

/** Wraps every read of `source` so it waits for a turn of a `perMinute` sliding-window budget. */
export function budgetedHistorySource(
  source: HistorySource,
  perMinute = HISTORY_REQUESTS_PER_MINUTE,
  clock: Clock = systemClock,
): HistorySource {
  const budget = new RateBudget(perMinute, 60_000, clock);
  const turn = async <T>(read: () => Promise<T>): Promise<T> => {
    await budget.take();
    return read();
  };
  return {
    handsCursor: (query) => turn(() => source.handsCursor(query)),
    handsPage: (page) => turn(() => source.handsPage(page)),
    handsIndex: () => turn(() => source.handsIndex()),
    hand: (handId) => turn(() => source.hand(handId)),
    players: () => turn(() => source.players()),
    player: (playerId) => turn(() => source.player(playerId)),
    leaderboard: (period) => turn(() => source.leaderboard(period)),
    sessions: () => turn(() => source.sessions()),
    session: (sessionUid) => turn(() => source.session(sessionUid)),
  };
}
