/**
 * The history screens: Players, Leaderboard, Sessions and Hands, each readable offline from main's local copy
 * with its data age, and a hand's replay. Opened from the nav, or from a seat or movement ("Last hands").
 */
import { useState } from 'react';
import type { SessionSnapshot, VenueBridge } from '../../preload/contract';
import '../styles/history.css';
import { HandReplay } from './HandReplay';
import { HandsView } from './HandsView';
import { LeaderboardView } from './LeaderboardView';
import { PlayerProfile } from './PlayerProfile';
import { PlayersView } from './PlayersView';
import { tabOf, type HistoryRoute, type HistoryTab } from './routes';
import { SessionDetail, SessionsView } from './SessionsView';
import { SyncBar } from './SyncBar';

const TABS: readonly { tab: HistoryTab; label: string; route: HistoryRoute }[] = [
  { tab: 'players', label: 'Players', route: { view: 'players' } },
  { tab: 'leaderboard', label: 'Leaderboard', route: { view: 'leaderboard' } },
  { tab: 'sessions', label: 'Sessions', route: { view: 'sessions' } },
  { tab: 'hands', label: 'Hands', route: { view: 'hands', filter: {} } },
];

/** The venue cannot be reached: our socket is down or the key is refused (a host offline still serves history). */
export function isOffline(snapshot: SessionSnapshot): boolean {
  return (
    snapshot.connection.kind === 'reconnecting' ||
    snapshot.connection.kind === 'access-withdrawn' ||
    snapshot.connection.kind === 'no-key'
  );
}

interface HistoryScreenProps {
  readonly venue: VenueBridge;
  readonly snapshot: SessionSnapshot;
  /** Where to open (a "Last hands" lookup); a new object re-routes. */
  readonly initialRoute: HistoryRoute;
}

export function HistoryScreen({ venue, snapshot, initialRoute }: HistoryScreenProps) {
  const [trail, setTrail] = useState<readonly HistoryRoute[]>([initialRoute]);
  const [openedWith, setOpenedWith] = useState(initialRoute);
  if (openedWith !== initialRoute) {
    // A new lookup from the table replaces where the screen was.
    setOpenedWith(initialRoute);
    setTrail([initialRoute]);
  }
  const route = trail[trail.length - 1] ?? initialRoute;
  const go = (next: HistoryRoute) => setTrail((previous) => [...previous, next]);
  const offline = isOffline(snapshot);
  // Lists reload when a sync finishes (new hands, refreshed roster); hand details never change.
  const reloadKey = String(snapshot.history.lastSyncedAt ?? 'never');
  const mode = snapshot.venue.moneyMode;
  const bigBlind = snapshot.table?.blinds?.bigBlind ?? null;
  const props = { venue, offline, reloadKey, go };
  // A profile the screen opened with is a "Last hands" lookup from a seat or a movement (the nav opens lists):
  // the cashier's dispute tool, where tonight's amounts are the chips the cashier deals in.
  const fromCashier = route === initialRoute && route.view === 'player';

  return (
    <main className="history-screen" aria-label="History">
      <div className="history-top">
        <nav className="history-tabs" aria-label="History sections">
          {TABS.map((entry) => (
            <button
              key={entry.tab}
              type="button"
              aria-pressed={tabOf(route) === entry.tab}
              onClick={() => setTrail([entry.route])}
            >
              {entry.label}
            </button>
          ))}
        </nav>
        {trail.length > 1 && (
          <button type="button" className="history-back" onClick={() => setTrail((previous) => previous.slice(0, -1))}>
            ← Back
          </button>
        )}
        <SyncBar venue={venue} sync={snapshot.history} offline={offline} />
      </div>
      {route.view === 'players' && (
        <PlayersView key={route.search ?? ''} {...props} initialSearch={route.search ?? ''} />
      )}
      {route.view === 'player' && (
        <PlayerProfile
          key={route.playerId}
          {...props}
          playerId={route.playerId}
          name={route.name}
          mode={mode}
          bigBlind={bigBlind}
          cashier={fromCashier}
        />
      )}
      {route.view === 'leaderboard' && <LeaderboardView {...props} />}
      {route.view === 'sessions' && <SessionsView {...props} />}
      {route.view === 'session' && <SessionDetail key={route.sessionUid} {...props} sessionUid={route.sessionUid} />}
      {route.view === 'hands' && <HandsView {...props} filter={route.filter} />}
      {route.view === 'hand' && (
        <HandReplay
          key={route.handId}
          venue={venue}
          handId={route.handId}
          handNumber={route.handNumber}
          offline={offline}
          mode={mode}
          go={go}
        />
      )}
    </main>
  );
}
