/**
 * The page as the server draws it before any script runs: the table from the monitor projection of the snapshot
 * (never the tray, the ledger or the settings; no amounts in `hidden` mode), inside the same frame the live app
 * draws, so nothing moves when the app takes over. For the cashier the side panel says it is loading: the tray and
 * the doubt bar only ever come from the live app.
 */
import type { SessionSnapshot } from '../../preload/contract';
import { MONITOR_EMPTY_TABLE, MonitorFrame, MonitorTopBar, monitorTitle } from '../monitor/MonitorApp';
import { AppTopBar, DemoBanner } from '../shell/AppTopBar';
import { selectStale } from '../shared/snapshot-parts';
import { TableScreen } from '../table/TableScreen';

export type FirstPaintView = 'cashier' | 'monitor';

interface FirstPaintProps {
  /** The monitor projection of the session's snapshot (main/core/session/monitor-projection.ts). */
  readonly snapshot: SessionSnapshot;
  readonly view: FirstPaintView;
}

/**
 * Hidden by the page's stylesheet until the drawing has been up for a few seconds: the app normally replaces it long
 * before. If the app's scripts never load, the drawn table greys out and this says so (no script needed).
 */
function NotTakenOver() {
  return (
    <p className="first-paint-late" role="status">
      Not connected: this table may be out of date. Reload the page.
    </p>
  );
}

export function FirstPaint({ snapshot, view }: FirstPaintProps) {
  const { connection, venue } = snapshot;
  const table = (
    <TableScreen
      table={snapshot.table}
      ticker={snapshot.ticker}
      mode={venue.moneyMode}
      stale={selectStale(snapshot)}
      emptyText={view === 'monitor' ? MONITOR_EMPTY_TABLE : undefined}
    />
  );
  if (view === 'monitor') {
    return (
      <MonitorFrame
        bar={<MonitorTopBar title={monitorTitle(snapshot)} connection={connection} demo={venue.demo} />}
        after={<NotTakenOver />}
      >
        {table}
      </MonitorFrame>
    );
  }
  return (
    <div className="app">
      <AppTopBar screen="table" connection={connection} demo={venue.demo} />
      {venue.demo && <DemoBanner />}
      <main className="table-layout">
        {table}
        <aside className="cashier-side" aria-label="Cashier" aria-busy="true">
          <p className="loading-note">Loading the cashier…</p>
        </aside>
      </main>
      <NotTakenOver />
    </div>
  );
}
