/** Every stored hand, newest first, optionally of one night and/or one player. */
import type { VenueBridge } from '../../preload/contract';
import type { HandFilter, HistoryRoute } from './routes';
import { VirtualHandList } from './VirtualHandList';

interface HandsViewProps {
  readonly venue: VenueBridge;
  readonly filter: HandFilter;
  readonly offline: boolean;
  readonly reloadKey: string;
  readonly go: (route: HistoryRoute) => void;
}

export function HandsView({ venue, filter, offline, reloadKey, go }: HandsViewProps) {
  const { sessionUid, playerId } = filter;
  return (
    <section className="history-panel" aria-label="Hands">
      <div className="history-toolbar" role="group" aria-label="Hand filters">
        {sessionUid === undefined && playerId === undefined && (
          <span className="muted">All hands. Filter from a night or a player.</span>
        )}
        {sessionUid !== undefined && (
          <span className="filter-chip">
            {filter.sessionLabel ?? `Night ${sessionUid}`}
            <button
              type="button"
              aria-label="Clear the night filter"
              onClick={() =>
                go({ view: 'hands', filter: { ...filter, sessionUid: undefined, sessionLabel: undefined } })
              }
            >
              ×
            </button>
          </span>
        )}
        {playerId !== undefined && (
          <span className="filter-chip">
            {filter.playerName ?? 'One player'}
            <button
              type="button"
              aria-label="Clear the player filter"
              onClick={() => go({ view: 'hands', filter: { ...filter, playerId: undefined, playerName: undefined } })}
            >
              ×
            </button>
          </span>
        )}
      </div>
      <VirtualHandList
        venue={venue}
        filter={filter}
        reloadKey={reloadKey}
        offline={offline}
        onOpen={(row) => go({ view: 'hand', handId: row.handId, handNumber: row.handNumber })}
      />
    </section>
  );
}
