/** The leaderboard, all-time or one month (`YYYY-MM`), with every column sortable. */
import { useState } from 'react';
import type { VenueBridge } from '../../preload/contract';
import { DataAgeLine, EmptyState } from './DataAgeLine';
import { currentMonth, formatFigure, percent, plain } from './format';
import { nextSort, sortLeaderboard, type SortDirection, type SortKey } from './leaderboard-sort';
import { PlayerLink } from './PlayerLink';
import type { HistoryRoute } from './routes';
import { useHistoryQuery } from './use-history-query';

interface LeaderboardViewProps {
  readonly venue: VenueBridge;
  readonly offline: boolean;
  readonly reloadKey: string;
  readonly go: (route: HistoryRoute) => void;
}

const COLUMNS: readonly { key: SortKey; label: string; numeric: boolean }[] = [
  { key: 'rank', label: '#', numeric: true },
  { key: 'name', label: 'Player', numeric: false },
  { key: 'handsPlayed', label: 'Hands', numeric: true },
  { key: 'vpip', label: 'VPIP', numeric: true },
  { key: 'pfr', label: 'PFR', numeric: true },
  { key: 'threebet', label: '3-bet', numeric: true },
  { key: 'aggression', label: 'AF', numeric: true },
  { key: 'wtsd', label: 'WTSD', numeric: true },
  { key: 'wsd', label: 'W$SD', numeric: true },
  { key: 'bbPer100', label: 'bb/100', numeric: true },
];

export function LeaderboardView({ venue, offline, reloadKey, go }: LeaderboardViewProps) {
  const [month, setMonth] = useState<string | null>(null);
  const [sort, setSort] = useState<{ key: SortKey; direction: SortDirection }>({ key: 'rank', direction: 'ascending' });
  const query = useHistoryQuery(`${reloadKey}|${month ?? 'all'}`, () =>
    venue.getLeaderboard(month === null ? {} : { period: month }),
  );
  const board = query.result?.data ?? null;
  const money = board?.players.find((player) => player.money.length > 0)?.money[0] ?? null;
  // With money hidden main sends no win rate: the bb/100 column goes with it.
  const showRate = board?.players.some((player) => player.bbPer100 !== null) ?? false;
  const base = showRate ? COLUMNS : COLUMNS.filter((column) => column.key !== 'bbPer100');
  const columns = money === null ? base : [...base, { key: 'money' as const, label: money.label, numeric: true }];
  const rows = sortLeaderboard(
    (board?.players ?? []).map((player, index) => ({ rank: index + 1, player })),
    sort.key,
    sort.direction,
  );
  return (
    <section className="history-panel" aria-label="Leaderboard">
      <div className="history-toolbar" role="group" aria-label="Leaderboard period">
        <button type="button" aria-pressed={month === null} onClick={() => setMonth(null)}>
          All time
        </button>
        <button type="button" aria-pressed={month !== null} onClick={() => setMonth(month ?? currentMonth(Date.now()))}>
          By month
        </button>
        <label htmlFor="leaderboard-month">Month</label>
        <input
          id="leaderboard-month"
          type="month"
          value={month ?? ''}
          onChange={(event) => setMonth(/^\d{4}-\d{2}$/.test(event.target.value) ? event.target.value : null)}
        />
        <span className="muted" data-testid="leaderboard-range">
          {board?.range === 'all' || month === null ? 'All time' : (board?.range ?? month)}
        </span>
      </div>
      <DataAgeLine result={query.result} offline={offline} error={query.error} />
      <EmptyState result={query.result} />
      {board !== null && board.players.length === 0 && <p className="muted">No hands in this period.</p>}
      {board !== null && board.players.length > 0 && (
        <table className="history-table">
          <thead>
            <tr>
              {columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  className={column.numeric ? 'num' : undefined}
                  aria-sort={sort.key === column.key ? sort.direction : 'none'}
                >
                  <button type="button" className="sort" onClick={() => setSort(nextSort(sort, column.key))}>
                    {column.label}
                    <span aria-hidden="true">
                      {sort.key === column.key ? (sort.direction === 'ascending' ? ' ▲' : ' ▼') : ''}
                    </span>
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(({ rank, player }) => (
              <tr key={player.playerId ?? `${player.name}#${rank}`}>
                <td className="num">{rank}</td>
                <td>
                  <PlayerLink playerId={player.playerId} name={player.name} go={go} />
                </td>
                <td className="num">{plain(player.handsPlayed)}</td>
                <td className="num">{percent(player.vpip)}</td>
                <td className="num">{percent(player.pfr)}</td>
                <td className="num">{percent(player.threebet)}</td>
                <td className="num">{plain(player.aggression)}</td>
                <td className="num">{percent(player.wtsd)}</td>
                <td className="num">{percent(player.wsd)}</td>
                {showRate && <td className="num">{plain(player.bbPer100)}</td>}
                {money !== null && (
                  <td className="num">{player.money[0] === undefined ? '—' : formatFigure(player.money[0])}</td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
