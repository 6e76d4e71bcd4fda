/**
 * A player's profile: tonight's hands first (live; the dispute tool's answer) and the cashier's movements of the
 * player (by the venue's time and hand number), then lifetime stats, money only where the venue permits, tonight's
 * stack and the published hands.
 */
import type { MoneyMode, PlayerStatsView, VenueBridge } from '../../preload/contract';
import { CashierMovements } from './CashierMovements';
import { DataAgeLine, EmptyState } from './DataAgeLine';
import { dateTime, formatFigure, percent, plain } from './format';
import type { HistoryRoute } from './routes';
import { StackChart } from './StackChart';
import { TonightHands } from './TonightHands';
import { useHistoryQuery } from './use-history-query';

interface PlayerProfileProps {
  readonly venue: VenueBridge;
  readonly playerId: string;
  readonly name: string;
  readonly offline: boolean;
  readonly reloadKey: string;
  readonly mode: MoneyMode | null;
  readonly bigBlind: number | null;
  /** Opened from the cashier (the dispute tool): tonight's amounts in chips. */
  readonly cashier: boolean;
  readonly go: (route: HistoryRoute) => void;
}

const RECENT = 10;

function StatsList({ stats }: { readonly stats: PlayerStatsView }) {
  const rows: [string, string][] = [
    ['Hands played', plain(stats.handsPlayed)],
    ['VPIP', percent(stats.vpip)],
    ['PFR', percent(stats.pfr)],
    ['3-bet', percent(stats.threebet)],
    ['Aggression', plain(stats.aggression)],
    ['WTSD', percent(stats.wtsd)],
    ['W$SD', percent(stats.wsd)],
    // With money hidden main sends no win rate, and the row goes.
    ...(stats.bbPer100 === null ? [] : [['bb/100', plain(stats.bbPer100)] as [string, string]]),
    ['Sessions', plain(stats.sessions)],
    ['Hours', plain(stats.hours)],
    ...stats.money.map((figure): [string, string] => [figure.label, formatFigure(figure)]),
  ];
  return (
    <dl className="stats" aria-label="Player stats">
      {rows.map(([label, value]) => (
        <div key={label} className="stat">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function PlayerProfile({
  venue,
  playerId,
  name,
  offline,
  reloadKey,
  mode,
  bigBlind,
  cashier,
  go,
}: PlayerProfileProps) {
  const profile = useHistoryQuery(`${reloadKey}|${playerId}`, () => venue.getPlayer(playerId));
  const hands = useHistoryQuery(`${reloadKey}|${playerId}|hands`, () =>
    venue.listHands({ offset: 0, limit: RECENT, playerId }),
  );
  const stats = profile.result?.data?.stats ?? null;
  const shownName = stats?.name ?? name;
  return (
    <section className="history-panel" aria-label={`Player ${shownName}`}>
      <h2 className="history-title">{shownName}</h2>
      <TonightHands venue={venue} playerId={playerId} mode={mode} bigBlind={bigBlind} cashier={cashier} />
      <CashierMovements venue={venue} playerId={playerId} name={shownName} mode={mode} />
      <h3>Published history</h3>
      <DataAgeLine result={profile.result} offline={offline} error={profile.error} />
      <EmptyState result={profile.result} />
      {profile.result?.data?.mergedFrom != null && <p className="muted">This profile was merged into {shownName}.</p>}
      <div className="profile-grid">
        {stats !== null && <StatsList stats={stats} />}
        <StackChart venue={venue} playerId={playerId} mode={mode} bigBlind={bigBlind} />
      </div>
      <h3>Recent hands</h3>
      <p className="muted">Hands the venue names this player in (as a winner), and any hand of theirs opened here.</p>
      <EmptyState result={hands.result} />
      <ol className="recent-hands" aria-label="Recent hands">
        {(hands.result?.data?.rows ?? []).map((row) => (
          <li key={row.handId}>
            <button
              type="button"
              className="link"
              onClick={() => go({ view: 'hand', handId: row.handId, handNumber: row.handNumber })}
            >
              Hand #{row.handNumber ?? '?'} · {dateTime(row.at)}
            </button>
          </li>
        ))}
      </ol>
      {hands.result?.data?.total === 0 && <p className="muted">No stored hand names this player yet.</p>}
      <button type="button" onClick={() => go({ view: 'hands', filter: { playerId, playerName: shownName } })}>
        All hands of {shownName}
      </button>
    </section>
  );
}
