/**
 * The shell of the UI: status bar, DEMO banner, the in-doubt bar, the Table / Cashier / Settings screens and the
 * seat cashier dialog. Each section gets only its part of the snapshot (memoized components re-render only when
 * their part changed: the snapshot store keeps unchanged parts' identity).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AppView, MovementView, SessionSnapshot, VenueBridge } from '../preload/contract';
import { CashierDialog } from './cashier/CashierDialog';
import { InDoubtDialog } from './cashier/InDoubtDialog';
import { ShiftLedger } from './cashier/ShiftLedger';
import { UnsettledTray } from './cashier/UnsettledTray';
import { HistoryScreen } from './history/HistoryScreen';
import { lookupRoute, type HistoryRoute, type PlayerLookup } from './history/routes';
import { SettingsScreen } from './settings/SettingsScreen';
import { StatusBadge } from './shared/StatusBadge';
import type { SnapshotStore } from './shared/snapshot-store';
import { useSnapshot } from './shared/use-snapshot';
import { TableScreen } from './table/TableScreen';

type Screen = 'table' | 'cashier' | 'history' | 'settings';
const SCREENS: readonly { readonly screen: Screen; readonly label: string }[] = [
  { screen: 'table', label: 'Table' },
  { screen: 'cashier', label: 'Cashier' },
  { screen: 'history', label: 'History' },
  { screen: 'settings', label: 'Settings' },
];

function isScreen(view: AppView): view is Screen {
  return SCREENS.some((entry) => entry.screen === view);
}

function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

/** Seat hotkeys 1-9 open the cashier for that seat when no dialog is open and no field has focus. */
function useSeatHotkeys(enabled: boolean, openSeat: (seatId: number) => void): void {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      if (document.querySelector('dialog[open]') !== null) return;
      if (/^[1-9]$/.test(event.key)) openSeat(Number(event.key));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled, openSeat]);
}

/** The application menu's screen switches (Electron); screens this build does not have are ignored. */
function useMenuViews(venue: VenueBridge, show: (screen: Screen) => void): void {
  useEffect(() => venue.onShowView((view) => (isScreen(view) ? show(view) : undefined)), [venue, show]);
}

function Loading() {
  return (
    <main className="loading" aria-busy="true">
      Connecting to the app core…
    </main>
  );
}

export function App({ venue, store }: { venue: VenueBridge; store: SnapshotStore }) {
  const snapshot = useSnapshot(store);
  if (snapshot === null) return <Loading />;
  return <Loaded venue={venue} snapshot={snapshot} />;
}

const isDoubtful = (movement: MovementView) => movement.status === 'in-doubt' || movement.status === 'left-in-doubt';

/** A red bar on every screen while any movement is in doubt: nobody pays out on a guess. */
function DoubtBar({ tray, onResolve }: { tray: readonly MovementView[]; onResolve: (id: string) => void }) {
  const open = tray.filter((movement) => isDoubtful(movement) && movement.replacedBy === null);
  const first = open[0];
  if (first === undefined) return null;
  return (
    <div className="doubt-bar" role="alert" aria-label="Movements in doubt">
      {open.length === 1 ? '1 movement is IN DOUBT' : `${open.length} movements are IN DOUBT`}: it may or may not have been applied. Resolve
      before handing over chips or cash.
      <button type="button" onClick={() => onResolve(first.id)}>
        Resolve
      </button>
    </div>
  );
}

function Loaded({ venue, snapshot }: { venue: VenueBridge; snapshot: SessionSnapshot }) {
  const [screen, setScreen] = useState<Screen>('table');
  const [seatId, setSeatId] = useState<number | null>(null);
  const [dismissedDoubts, setDismissedDoubts] = useState<ReadonlySet<string>>(new Set());
  const [resolvingId, setResolvingId] = useState<string | null>(null);
  // A stable callback (reading the latest table through a ref) lets memoized seats skip re-rendering.
  const tableRef = useRef(snapshot.table);
  useEffect(() => {
    tableRef.current = snapshot.table;
  }, [snapshot.table]);
  const openSeat = useCallback((id: number) => {
    if (tableRef.current?.seats.some((seat) => seat.seatId === id && seat.name !== null)) setSeatId(id);
  }, []);
  const resolve = useCallback((id: string) => setResolvingId(id), []);
  const [historyRoute, setHistoryRoute] = useState<HistoryRoute>({ view: 'players' });
  const lastHands = useCallback((player: PlayerLookup) => {
    setSeatId(null);
    setHistoryRoute(lookupRoute(player));
    setScreen('history');
  }, []);
  useSeatHotkeys(screen === 'table', openSeat);
  useMenuViews(venue, setScreen);
  const { table, cashier } = snapshot;
  const seat = seatId === null ? null : (table?.seats.find((candidate) => candidate.seatId === seatId) ?? null);
  const chosen = resolvingId === null ? undefined : cashier.tray.find((movement) => movement.id === resolvingId && isDoubtful(movement) && movement.replacedBy === null);
  const inDoubt = chosen ?? cashier.tray.find((movement) => movement.status === 'in-doubt' && movement.replacedBy === null && !dismissedDoubts.has(movement.id));
  const mode = snapshot.venue.moneyMode;
  const stale = snapshot.connection.kind !== 'live';

  return (
    <div className="app">
      <header className="topbar">
        <h1 className="brand">Venue Cashier</h1>
        <nav aria-label="Screens" className="tabs">
          {SCREENS.map((entry) => (
            <button key={entry.screen} type="button" aria-pressed={screen === entry.screen} onClick={() => setScreen(entry.screen)}>
              {entry.label}
            </button>
          ))}
        </nav>
        <StatusBadge connection={snapshot.connection} demo={snapshot.venue.demo} />
      </header>
      {snapshot.venue.demo && (
        <div className="demo-banner" role="note">
          <strong>DEMO</strong> You are on the built-in demo venue: nothing here is real money.
          <button type="button" onClick={() => setScreen('settings')}>
            Connect your venue
          </button>
        </div>
      )}
      <DoubtBar tray={cashier.tray} onResolve={resolve} />
      {screen === 'table' && (
        <main className="table-layout">
          <TableScreen table={table} ticker={snapshot.ticker} mode={mode} stale={stale} onSeat={openSeat} />
          <aside className="cashier-side" aria-label="Cashier">
            <UnsettledTray venue={venue} tray={cashier.tray} onResolve={resolve} onLastHands={lastHands} />
            <ShiftLedger venue={venue} ledger={cashier.ledger} />
          </aside>
        </main>
      )}
      {screen === 'cashier' && (
        <main className="cashier-screen" aria-label="Cashier">
          <UnsettledTray venue={venue} tray={cashier.tray} onResolve={resolve} onLastHands={lastHands} />
          <ShiftLedger venue={venue} ledger={cashier.ledger} />
        </main>
      )}
      {screen === 'history' && <HistoryScreen venue={venue} snapshot={snapshot} initialRoute={historyRoute} />}
      {screen === 'settings' && <SettingsScreen venue={venue} snapshot={snapshot} />}
      {seat !== null && seat.name !== null && inDoubt === undefined && (
        <CashierDialog
          venue={venue}
          cashier={cashier}
          settings={snapshot.settings}
          seat={seat}
          mode={mode}
          bigBlind={table?.blinds?.bigBlind ?? null}
          betweenHands={table?.betweenHands ?? false}
          onClose={() => setSeatId(null)}
          onLastHands={lastHands}
        />
      )}
      {inDoubt !== undefined && (
        <InDoubtDialog
          key={inDoubt.id}
          venue={venue}
          movement={inDoubt}
          onClose={() => {
            setResolvingId(null);
            setDismissedDoubts((previous) => new Set(previous).add(inDoubt.id));
          }}
        />
      )}
    </div>
  );
}
