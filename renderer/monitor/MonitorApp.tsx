/**
 * The read-only table monitor (`?view=monitor`), for a second screen facing the room: the table in large type and
 * the connection badge, nothing else. It only reads snapshots: no cashier controls, no settings, no commands
 * (in Electron its window may use the snapshot channel only).
 */
import type { SnapshotStore } from '../shared/snapshot-store';
import { StatusBadge } from '../shared/StatusBadge';
import { useSnapshot } from '../shared/use-snapshot';
import { TableScreen } from '../table/TableScreen';

export function MonitorApp({ store }: { store: SnapshotStore }) {
  const snapshot = useSnapshot(store);
  if (snapshot === null) {
    return (
      <main className="loading monitor" aria-busy="true">
        Connecting…
      </main>
    );
  }
  const title = snapshot.table?.tableName ?? snapshot.venue.name ?? 'Table';
  return (
    <div className="app monitor" data-view="monitor">
      <header className="topbar monitor-bar">
        <h1 className="brand">{title}</h1>
        <StatusBadge connection={snapshot.connection} demo={snapshot.venue.demo} />
      </header>
      <main className="monitor-table" aria-label="Table monitor">
        <TableScreen table={snapshot.table} ticker={snapshot.ticker} mode={snapshot.venue.moneyMode} stale={snapshot.connection.kind !== 'live'} />
      </main>
    </div>
  );
}
