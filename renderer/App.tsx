/**
 * The shell of the UI: status bar, DEMO banner, the in-doubt bar, the Table / Cashier / Settings screens and the
 * seat cashier dialog. Each part subscribes to its own part of the snapshot (the snapshot store keeps unchanged
 * parts' identity), so a live table event re-renders the table and not the shell, the tray or the ledger.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import type { AppView, CashierView, MoneyMode, MovementView, VenueBridge } from '../preload/contract';
import { sameVenueName } from '../preload/contract/player-name';
import { CashierDialog } from './cashier/CashierDialog';
import { ClockStepNotice } from './cashier/ClockStepNotice';
import { ElsewhereNotice } from './cashier/ElsewhereNotice';
import { BooksNotice } from './shared/BooksNotice';
import { EventLogSection } from './cashier/EventLogSection';
import { DiskNotice } from './shared/DiskNotice';
import { InDoubtDialog } from './cashier/InDoubtDialog';
import { ShiftLedger } from './cashier/ShiftLedger';
import { ShiftPanel } from './cashier/ShiftPanel';
import { ReconciliationStatus } from './cashier/ReconciliationStatus';
import { UnsettledTray } from './cashier/UnsettledTray';
import { WalkInDialog } from './cashier/WalkInDialog';
import { wholeChipsAt } from './cashier/amount-input';
import { PaperSettingsContext } from './print/paper-settings';
import { lookupRoute, type HistoryRoute, type PlayerLookup } from './history/routes';
import { DriftNotice } from './shared/DriftNotice';
import {
  selectCashier,
  selectConnection,
  selectDisk,
  selectMoneyMode,
  selectSettings,
  selectStale,
  selectTable,
  selectVenue,
} from './shared/snapshot-parts';
import type { SnapshotStore } from './shared/snapshot-store';
import { useHasSnapshot, useLoadedSnapshot, useSnapshotPart } from './shared/use-snapshot';
import { AppTopBar, DemoBanner, SCREENS, type Screen } from './shell/AppTopBar';
import { ReconnectNow } from './shell/ReconnectNow';
import { LiveTable } from './table/LiveTable';

// History (with the replay) and Settings load on first use: the table's first paint does not wait for them.
const HistoryScreen = lazy(() =>
  import('./history/HistoryScreen').then((module) => ({ default: module.HistoryScreen })),
);
const SettingsScreen = lazy(() =>
  import('./settings/SettingsScreen').then((module) => ({ default: module.SettingsScreen })),
);

function isScreen(view: AppView): view is Screen {
  return SCREENS.some((entry) => entry.screen === view);
}

function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/** The key that opens the walk-in buy-in from the table (shown on its button). */
export const WALK_IN_KEY = 'w';

/**
 * Seat hotkeys 1-9 open the cashier for that seat (on the table), and W the walk-in (on the table and the cashier
 * screen), when no dialog is open and no field has focus. Null: that key does nothing on this screen.
 */
function useCashierHotkeys(openSeat: ((seatId: number) => void) | null, openWalkIn: (() => void) | null): void {
  useEffect(() => {
    if (openSeat === null && openWalkIn === null) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      if (document.querySelector('dialog[open]') !== null) return;
      // The key itself must not land in the field the dialog focuses (the seat's amount, the walk-in's name).
      if (openSeat !== null && /^[1-9]$/.test(event.key)) {
        event.preventDefault();
        openSeat(Number(event.key));
      } else if (openWalkIn !== null && event.key.toLowerCase() === WALK_IN_KEY) {
        event.preventDefault();
        openWalkIn();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [openSeat, openWalkIn]);
}

/** The application menu's screen switches (Electron); screens this build does not have are ignored. */
function useMenuViews(venue: VenueBridge, show: (screen: Screen) => void): void {
  useEffect(() => venue.onShowView((view) => (isScreen(view) ? show(view) : undefined)), [venue, show]);
}

/** How long "connecting" may last before the page says what usually causes it. */
const LONG_CONNECT_MS = 4_000;

function Loading() {
  const [long, setLong] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setLong(true), LONG_CONNECT_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <main className="loading" aria-busy="true">
      Starting the cashier…
      {long && (
        <p role="note">
          Still not connected. A tab that was closed and opened again, or a runtime that was restarted, needs a new
          link: run <code>npm run web -- --link</code> (with the runtime&apos;s <code>--data-dir</code>) and open the
          address it prints. The desktop app reconnects by itself.
        </p>
      )}
    </main>
  );
}

function ScreenLoading() {
  return (
    <main className="loading" aria-busy="true">
      Loading…
    </main>
  );
}

export function App({ venue, store }: { venue: VenueBridge; store: SnapshotStore }) {
  const loaded = useHasSnapshot(store);
  if (!loaded) return <Loading />;
  return <Loaded venue={venue} store={store} />;
}

/**
 * In doubt, not yet decided and not replaced: a movement the cashier counted as applied shows its own note on its card
 * instead.
 */
const isOpenDoubt = (movement: MovementView) =>
  (movement.status === 'in-doubt' || movement.status === 'left-in-doubt') &&
  movement.counted == null &&
  movement.replacedBy === null;

/** A red bar on every screen while any movement is in doubt: nobody pays out on a guess. */
function DoubtBar({ tray, onResolve }: { tray: readonly MovementView[]; onResolve: (id: string) => void }) {
  const open = tray.filter(isOpenDoubt);
  const first = open[0];
  if (first === undefined) return null;
  return (
    <div className="doubt-bar" role="alert" aria-label="Movements in doubt">
      {open.length === 1 ? '1 movement is IN DOUBT' : `${open.length} movements are IN DOUBT`}: it may or may not have
      been applied. Resolve before handing over chips or cash.
      <button type="button" onClick={() => onResolve(first.id)}>
        Resolve
      </button>
    </div>
  );
}

/**
 * Which movement the in-doubt dialog shows: the one the cashier chose to resolve, else the first one in doubt that the
 * cashier has not closed the dialog on.
 */
function useInDoubtDialog(tray: readonly MovementView[]) {
  const [dismissedDoubts, setDismissedDoubts] = useState<ReadonlySet<string>>(new Set());
  const [resolvingId, setResolvingId] = useState<string | null>(null);
  const resolve = useCallback((id: string) => setResolvingId(id), []);
  const dismiss = useCallback((id: string) => {
    setResolvingId(null);
    setDismissedDoubts((previous) => new Set(previous).add(id));
  }, []);
  const chosen =
    resolvingId === null ? undefined : tray.find((movement) => movement.id === resolvingId && isOpenDoubt(movement));
  const inDoubt =
    chosen ??
    tray.find(
      (movement) =>
        movement.status === 'in-doubt' &&
        movement.counted == null &&
        movement.replacedBy === null &&
        !dismissedDoubts.has(movement.id),
    );
  return { inDoubt, resolve, dismiss };
}

/** What both cashier dialogs follow while open: the table, the cashier's state, the settings and the money mode. */
function useDialogParts(store: SnapshotStore) {
  const table = useSnapshotPart(store, selectTable);
  const cashier = useSnapshotPart(store, selectCashier);
  const settings = useSnapshotPart(store, selectSettings);
  const mode = useSnapshotPart(store, selectMoneyMode);
  return { table, shared: { cashier, settings, mode, wholeChips: wholeChipsAt(table) } };
}

interface SeatCashierProps {
  readonly venue: VenueBridge;
  readonly store: SnapshotStore;
  readonly seatId: number;
  readonly onClose: () => void;
  readonly onLastHands: (player: PlayerLookup) => void;
  readonly onOpenShift: () => void;
}

/** The cashier dialog for one seat, following that seat's live stack while it is open. */
function SeatCashier({ venue, store, seatId, onClose, onLastHands, onOpenShift }: SeatCashierProps) {
  const { table, shared } = useDialogParts(store);
  const seat = table?.seats.find((candidate) => candidate.seatId === seatId) ?? null;
  // The dialog is for the player it was opened for: once they leave the seat (or another player takes it), it closes,
  // so the next amount typed never goes to someone else.
  const [openedFor] = useState(() => seat?.name ?? null);
  const left = seat?.name == null || openedFor === null || !sameVenueName(seat.name, openedFor);
  useEffect(() => {
    if (left) onClose();
  }, [left, onClose]);
  if (left || seat === null) return null;
  return (
    <CashierDialog
      venue={venue}
      {...shared}
      seat={seat}
      bigBlind={table?.blinds?.bigBlind ?? null}
      betweenHands={table?.betweenHands ?? false}
      onClose={onClose}
      onLastHands={onLastHands}
      onOpenShift={onOpenShift}
    />
  );
}

/** The walk-in dialog, following the table's seats (a name typed is checked against who sits now). */
function WalkIn({
  venue,
  store,
  onClose,
  onSeat,
  onOpenShift,
}: {
  venue: VenueBridge;
  store: SnapshotStore;
  onClose: () => void;
  onSeat: (seatId: number) => void;
  onOpenShift: () => void;
}) {
  const { table, shared } = useDialogParts(store);
  const stale = useSnapshotPart(store, selectStale);
  return (
    <WalkInDialog
      venue={venue}
      {...shared}
      seats={table?.seats ?? []}
      numSeats={table?.numSeats ?? null}
      live={!stale}
      onClose={onClose}
      onSeat={onSeat}
      onOpenShift={onOpenShift}
    />
  );
}

/** History and Settings use most of the snapshot: they follow all of it while they are on screen. */
function HistoryTab({
  venue,
  store,
  initialRoute,
}: {
  venue: VenueBridge;
  store: SnapshotStore;
  initialRoute: HistoryRoute;
}) {
  return <HistoryScreen venue={venue} snapshot={useLoadedSnapshot(store)} initialRoute={initialRoute} />;
}

function SettingsTab({ venue, store }: { venue: VenueBridge; store: SnapshotStore }) {
  return <SettingsScreen venue={venue} snapshot={useLoadedSnapshot(store)} />;
}

interface TrayColumnProps {
  readonly venue: VenueBridge;
  readonly cashier: CashierView;
  readonly mode: MoneyMode | null;
  readonly live: boolean;
  readonly onWalkIn: () => void;
  readonly onResolve: (id: string) => void;
  readonly onLastHands: (player: PlayerLookup) => void;
}

/** The movements elsewhere, the clock's notice, the walk-in button and the tray. */
function TrayColumn({ venue, cashier, mode, live, onWalkIn, onResolve, onLastHands }: TrayColumnProps) {
  return (
    <>
      <ElsewhereNotice lines={cashier.elsewhere} />
      <ClockStepNotice notice={cashier.clockNotice} />
      <button type="button" className="walk-in-open primary" onClick={onWalkIn} aria-keyshortcuts="W">
        Walk-in buy-in (W)
      </button>
      <UnsettledTray
        venue={venue}
        tray={cashier.tray}
        onResolve={onResolve}
        onLastHands={onLastHands}
        mode={mode}
        live={live}
      />
    </>
  );
}

/**
 * The screen and the dialogs on it, and moving between them: from a walk-in to a seat, from a money dialog to the
 * shift, to a player's hands in the history.
 */
function useNavigation(store: SnapshotStore) {
  const [screen, setScreen] = useState<Screen>('table');
  const [seatId, setSeatId] = useState<number | null>(null);
  const [walkIn, setWalkIn] = useState(false);
  // Reads the table when a seat is asked for, not on every render: the seat hotkeys stay stable and the shell
  // does not follow the live table.
  const openSeat = useCallback(
    (id: number) => {
      if (store.loaded().table?.seats.some((seat) => seat.seatId === id && seat.name !== null) === true) setSeatId(id);
    },
    [store],
  );
  const closeSeat = useCallback(() => setSeatId(null), []);
  const openWalkIn = useCallback(() => setWalkIn(true), []);
  const closeWalkIn = useCallback(() => setWalkIn(false), []);
  // From a money dialog refused for want of a shift: to the Cashier screen, where the shift is opened.
  const openShift = useCallback(() => {
    setWalkIn(false);
    setSeatId(null);
    setScreen('cashier');
  }, []);
  const seatFromWalkIn = useCallback(
    (id: number) => {
      setWalkIn(false);
      openSeat(id);
    },
    [openSeat],
  );
  const [historyRoute, setHistoryRoute] = useState<HistoryRoute>({ view: 'players' });
  const lastHands = useCallback((player: PlayerLookup) => {
    setSeatId(null);
    setHistoryRoute(lookupRoute(player));
    setScreen('history');
  }, []);
  return {
    ...{ screen, setScreen, seatId, walkIn, openSeat, closeSeat, openWalkIn, closeWalkIn },
    ...{ openShift, seatFromWalkIn, historyRoute, lastHands },
  };
}

function Loaded({ venue, store }: { venue: VenueBridge; store: SnapshotStore }) {
  const navigation = useNavigation(store);
  const { screen, setScreen, seatId, walkIn, openSeat, closeSeat, openWalkIn, closeWalkIn } = navigation;
  const { openShift, seatFromWalkIn, historyRoute, lastHands } = navigation;
  const connection = useSnapshotPart(store, selectConnection);
  const venueInfo = useSnapshotPart(store, selectVenue);
  const cashier = useSnapshotPart(store, selectCashier);
  const disk = useSnapshotPart(store, selectDisk);
  const stale = useSnapshotPart(store, selectStale);
  const moneyMode = useSnapshotPart(store, selectMoneyMode);
  const { paperSize, blindCount, operatorPin } = useSnapshotPart(store, selectSettings);
  const paper = useMemo(() => ({ paperSize, blindCount, operatorPin }), [paperSize, blindCount, operatorPin]);
  const { inDoubt, resolve, dismiss } = useInDoubtDialog(cashier.tray);
  useCashierHotkeys(
    screen === 'table' ? openSeat : null,
    screen === 'table' || screen === 'cashier' ? openWalkIn : null,
  );
  useMenuViews(venue, setScreen);

  // The movements elsewhere and the tray: beside the table, and in the Cashier screen's first column.
  const tray = (
    <TrayColumn
      venue={venue}
      cashier={cashier}
      mode={moneyMode}
      live={!stale}
      onWalkIn={openWalkIn}
      onResolve={resolve}
      onLastHands={lastHands}
    />
  );

  const ledger = (
    <ShiftLedger
      venue={venue}
      ledger={cashier.ledger}
      mode={moneyMode}
      shiftId={cashier.shifts.current?.id ?? null}
      onLastHands={lastHands}
    />
  );

  return (
    <PaperSettingsContext.Provider value={paper}>
      <div className="app">
        <AppTopBar screen={screen} onScreen={setScreen} connection={connection} demo={venueInfo.demo}>
          <ReconnectNow venue={venue} connection={connection} />
        </AppTopBar>
        {venueInfo.demo && <DemoBanner onConnect={() => setScreen('settings')} />}
        <DiskNotice disk={disk} />
        <BooksNotice books={cashier.books} />
        <DriftNotice drift={venueInfo.drift} />
        <DoubtBar tray={cashier.tray} onResolve={resolve} />
        {screen === 'table' && (
          <main className="table-layout">
            <LiveTable store={store} onSeat={openSeat} />
            <aside className="cashier-side" aria-label="Cashier">
              {tray}
              {ledger}
            </aside>
          </main>
        )}
        {screen === 'cashier' && (
          <main className="cashier-screen" aria-label="Cashier">
            <div className="cashier-column">{tray}</div>
            <div className="cashier-column">
              <ShiftPanel venue={venue} shifts={cashier.shifts} mode={moneyMode} onLastHands={lastHands} />
              <ReconciliationStatus view={cashier.reconciliation} />
              {ledger}
              <EventLogSection venue={venue} store={store} />
            </div>
          </main>
        )}
        <Suspense fallback={<ScreenLoading />}>
          {screen === 'history' && <HistoryTab venue={venue} store={store} initialRoute={historyRoute} />}
          {screen === 'settings' && <SettingsTab venue={venue} store={store} />}
        </Suspense>
        {walkIn && seatId === null && inDoubt === undefined && (
          <WalkIn venue={venue} store={store} onClose={closeWalkIn} onSeat={seatFromWalkIn} onOpenShift={openShift} />
        )}
        {seatId !== null && inDoubt === undefined && (
          <SeatCashier
            venue={venue}
            store={store}
            seatId={seatId}
            onClose={closeSeat}
            onLastHands={lastHands}
            onOpenShift={openShift}
          />
        )}
        {inDoubt !== undefined && (
          <InDoubtDialog key={inDoubt.id} venue={venue} movement={inDoubt} onClose={() => dismiss(inDoubt.id)} />
        )}
      </div>
    </PaperSettingsContext.Provider>
  );
}
