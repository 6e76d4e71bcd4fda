/** The roster: search by name, each player with their hands played; a name opens the profile. */
import { useState } from 'react';
import type { VenueBridge } from '../../preload/contract';
import { DataTable, numeric } from '../shared/DataTable';
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
        <DataTable
          className="history-table"
          hiddenCaption={`Players (${players.length})`}
          rows={players}
          rowKey={(player, index) => player.playerId ?? `${player.name}#${index}`}
          columns={[
            {
              header: 'Player',
              cell: (player) => <PlayerLink playerId={player.playerId} name={player.name} go={go} />,
            },
            numeric<(typeof players)[number]>({
              header: 'Hands played',
              cell: (player) => player.handsPlayed?.toLocaleString('en-US') ?? '—',
            }),
          ]}
        />
      )}
      {query.result?.data?.length === 0 && <p className="muted">No player matches “{search}”.</p>}
    </section>
  );
}
