/** The nights: start, end, hands, players, blinds. A night opens its detail and its hands. */
import type { SessionDetailView, SessionRowView, VenueBridge } from '../../preload/contract';
import { DataTable, numeric } from '../shared/DataTable';
import { DataAgeLine, EmptyState } from './DataAgeLine';
import { dateTime } from './format';
import type { HistoryRoute } from './routes';
import { useHistoryQuery } from './use-history-query';
import { VirtualHandList } from './VirtualHandList';

interface SessionsProps {
  readonly venue: VenueBridge;
  readonly offline: boolean;
  readonly reloadKey: string;
  readonly go: (route: HistoryRoute) => void;
}

/** "Night of 2026-11-19 19:02" */
export function nightLabel(session: Pick<SessionRowView, 'startedAt' | 'sessionUid'>): string {
  return session.startedAt === null ? `Night ${session.sessionUid}` : `Night of ${dateTime(session.startedAt)}`;
}

/** "start – end · N hands · M players · blinds X" for a night's heading. */
function nightFacts(session: SessionDetailView['session']): string {
  const when = `${dateTime(session.startedAt)} – ${dateTime(session.endedAt)}`;
  const counts = `${session.handsCount ?? '?'} hands · ${session.playerCount ?? '?'} players`;
  return `${when} · ${counts} · blinds ${session.blinds ?? '?'}`;
}

export function SessionsView({ venue, offline, reloadKey, go }: SessionsProps) {
  const query = useHistoryQuery(reloadKey, () => venue.listSessions());
  const sessions = query.result?.data ?? null;
  return (
    <section className="history-panel" aria-label="Sessions">
      <DataAgeLine result={query.result} offline={offline} error={query.error} />
      <EmptyState result={query.result} />
      {sessions !== null && (
        <DataTable
          className="history-table"
          rows={sessions}
          rowKey={(session) => session.sessionUid}
          columns={[
            {
              header: 'Night',
              cell: (session) => (
                <button
                  type="button"
                  className="link"
                  onClick={() => go({ view: 'session', sessionUid: session.sessionUid })}
                >
                  {nightLabel(session)}
                </button>
              ),
            },
            { header: 'Ended', cell: (session) => dateTime(session.endedAt) },
            numeric<SessionRowView>({ header: 'Hands', cell: (session) => session.handsCount ?? '—' }),
            numeric<SessionRowView>({ header: 'Players', cell: (session) => session.playerCount ?? '—' }),
            { header: 'Blinds', cell: (session) => session.blinds ?? '—' },
          ]}
        />
      )}
    </section>
  );
}

interface SessionDetailProps extends SessionsProps {
  readonly sessionUid: string;
}

export function SessionDetail({ venue, offline, reloadKey, go, sessionUid }: SessionDetailProps) {
  const query = useHistoryQuery(`${reloadKey}|${sessionUid}`, () => venue.getSession(sessionUid));
  const detail = query.result?.data ?? null;
  const label = detail === null ? `Night ${sessionUid}` : nightLabel(detail.session);
  return (
    <section className="history-panel" aria-label={label}>
      <h2 className="history-title">{label}</h2>
      <DataAgeLine result={query.result} offline={offline} error={query.error} />
      <EmptyState result={query.result} />
      {detail !== null && <p className="muted">{nightFacts(detail.session)}</p>}
      {detail !== null && detail.players.length > 0 && (
        <ul className="chips-list" aria-label="Players this night">
          {detail.players.map((player, index) => (
            <li key={player.playerId ?? `${player.name}#${index}`}>
              {player.playerId === null ? (
                player.name
              ) : (
                <button
                  type="button"
                  className="link"
                  onClick={() => go({ view: 'player', playerId: player.playerId ?? '', name: player.name })}
                >
                  {player.name}
                </button>
              )}{' '}
              <span className="muted">{player.handsPlayed ?? '?'} hands</span>
            </li>
          ))}
        </ul>
      )}
      <h3>Hands of this night</h3>
      <VirtualHandList
        venue={venue}
        filter={{ sessionUid }}
        reloadKey={reloadKey}
        offline={offline}
        onOpen={(row) => go({ view: 'hand', handId: row.handId, handNumber: row.handNumber })}
      />
    </section>
  );
}
