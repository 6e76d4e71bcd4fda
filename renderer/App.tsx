/**
 * The shell of the UI: status bar, DEMO banner, the in-doubt bar, the Table / Cashier / Settings screens and the
 * seat cashier dialog. Each part subscribes to its own part of the snapshot (the snapshot store keeps unchanged
 * parts' identity), so a live table event re-renders the table and not the shell, the tray or the ledger.
 */
import { lazy, Suspense, useEffect, useMemo } from 'react';
import type { AppView, CashierView, MoneyMode, VenueBridge } from '../preload/contract';
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
import { PaperSettingsContext } from './print/paper-settings';
import type { HistoryRoute, PlayerLookup } from './history/routes';
import { DriftNotice } from './shared/DriftNotice';
import {
  selectCashier,
  selectConnection,
  selectDisk,
  selectMoneyMode,
  selectSettings,
  selectStale,
  selectVenue,
} from './shared/snapshot-parts';
import type { SnapshotStore } from './shared/snapshot-store';
import { useHasSnapshot, useLoadedSnapshot, useSnapshotPart } from './shared/use-snapshot';
import { AppTopBar, DemoBanner, SCREENS, type Screen } from './shell/AppTopBar';
import { SeatCashier, WalkIn } from './shell/CashierDialogs';
import { DoubtBar, useInDoubtDialog } from './shell/DoubtBar';
import { Loading, ScreenLoading } from './shell/Loading';
import { ReconnectNow } from './shell/ReconnectNow';
import { useCashierHotkeys } from './shell/use-cashier-hotkeys';
import { useNavigation } from './shell/use-navigation';
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

/** The application menu's screen switches (Electron); screens this build does not have are ignored. */
function useMenuViews(venue: VenueBridge, show: (screen: Screen) => void): void {
  useEffect(() => venue.onShowView((view) => (isScreen(view) ? show(view) : undefined)), [venue, show]);
}

export function App({ venue, store }: { venue: VenueBridge; store: SnapshotStore }) {
  const loaded = useHasSnapshot(store);
  if (!loaded) return <Loading />;
  return <Loaded venue={venue} store={store} />;
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
