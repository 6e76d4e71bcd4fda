/** GET /players, /players/{id}, /leaderboard and /sessions, /sessions/{uid}: the bundle's people and nights. */
import type { DemoMoneyMode } from '../api';
import type { NightRecord, PublishedBundle } from './bundle';
import { nightDetail, nightSummary, playerStats, type RankedStats } from './projection';
import { ok, parsePeriod, refuse, type PlaneAnswer } from './query';

const everyNight = (): boolean => true;

export function playersRoute(bundle: PublishedBundle): PlaneAnswer {
  const players = bundle
    .canonicalPlayers()
    .map((playerId) => {
      const player = bundle.player(playerId);
      const { tally } = bundle.tallyOf(playerId, everyNight);
      return {
        player_id: playerId,
        name: player.name,
        slug: player.slug,
        hands_played: tally.hands,
        file: `players/${playerId}.json`,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name) || a.player_id.localeCompare(b.player_id));
  return ok({ players, aliases: bundle.aliases() });
}

/** An id merged into another answers with the canonical profile. */
export function playerRoute(bundle: PublishedBundle, playerId: string, mode: DemoMoneyMode): PlaneAnswer {
  const ranked = playerStats(bundle, bundle.canonical(playerId), mode, everyNight);
  if (ranked === undefined) return refuse(404, 'not_found', 'no published player has this id');
  return ok(ranked.stats);
}

/** Winners first in bb and dollars modes; with money hidden, the most hands played first. */
function rank(a: RankedStats, b: RankedStats, mode: DemoMoneyMode): number {
  const byMoney = mode === 'bb' ? b.netBb - a.netBb : mode === 'dollars' ? b.netCents - a.netCents : 0;
  return byMoney || b.hands - a.hands || a.name.localeCompare(b.name);
}

export function leaderboardRoute(bundle: PublishedBundle, query: URLSearchParams, mode: DemoMoneyMode): PlaneAnswer {
  const rawPeriod = query.get('period');
  const period = rawPeriod === null ? undefined : parsePeriod(rawPeriod);
  if (rawPeriod !== null && period === undefined)
    return refuse(400, 'bad_period', 'period must be a calendar month, YYYY-MM');
  const include = period === undefined ? everyNight : (night: NightRecord): boolean => night.month === period;
  const ranked = bundle
    .canonicalPlayers()
    .map((playerId) => playerStats(bundle, playerId, mode, include))
    .filter((entry): entry is RankedStats => entry !== undefined)
    .sort((a, b) => rank(a, b, mode));
  return {
    status: 200,
    body: { money_mode: mode, range: period ?? 'all', players: ranked.map((entry) => entry.stats) },
    // The spec's leaderboard freshness: cacheable for 30 seconds.
    headers: { 'Cache-Control': 'max-age=30' },
  };
}

export function sessionsRoute(bundle: PublishedBundle): PlaneAnswer {
  return ok({ sessions: bundle.allNights().map(nightSummary) });
}

export function sessionRoute(bundle: PublishedBundle, sessionUid: string, mode: DemoMoneyMode): PlaneAnswer {
  const night = bundle.night(sessionUid);
  if (night === undefined) return refuse(404, 'not_found', 'no published session has this uid');
  return ok(nightDetail(bundle, night, mode));
}
