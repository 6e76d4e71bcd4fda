/** The roster: search by name, each player with their hands played; a name opens the profile. */
import { useState } from 'react';
import type { VenueBridge } from '../../preload/contract';
import { DataAgeLine, EmptyState } from './DataAgeLine';
import { PlayerLink } from './PlayerLink';
import type { HistoryRoute } from './routes';
import { useHistoryQuery } from './use-history-query';

interface PlayersViewProps {
  readonly venue: VenueBridge;
  readonly offline: boolean;
  readonly reloadKey: string;
  readonly initialSearch: string;
  readonly go: (route: HistoryRoute) => void;
}

export function PlayersView({ venue, offline, reloadKey, initialSearch, go }: PlayersViewProps) {
  const [search, setSearch] = useState(initialSearch);
  const query = useHistoryQuery(`${reloadKey}|${search}`, () =>
    venue.listPlayers({ search: search.trim() === '' ? undefined : search.trim() }),
  );
  const players = query.result?.data ?? [];
  return (
    <section className="history-panel" aria-label="Players">
      <div className="history-toolbar">
        <label htmlFor="player-search">Search players</label>
        <input
          id="player-search"
          type="search"
          value={search}
          maxLength={200}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      <DataAgeLine result={query.result} offline={offline} error={query.error} />
      <EmptyState result={query.result} />
      {query.result?.data !== null && query.result !== null && (
        <table className="history-table">
          <caption className="visually-hidden">Players ({players.length})</caption>
          <thead>
            <tr>
              <th scope="col">Player</th>
              <th scope="col" className="num">
                Hands played
              </th>
            </tr>
          </thead>
          <tbody>
            {players.map((player, index) => (
              <tr key={player.playerId ?? `${player.name}#${index}`}>
                <td>
                  <PlayerLink playerId={player.playerId} name={player.name} go={go} />
                </td>
                <td className="num">{player.handsPlayed?.toLocaleString('en-US') ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {query.result?.data?.length === 0 && <p className="muted">No player matches “{search}”.</p>}
    </section>
  );
}
