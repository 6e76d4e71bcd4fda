/**
 * The read-only table monitor (`?view=monitor`), for a second screen facing the room: the table in large type and
 * the connection badge, nothing else. It only reads snapshots: no cashier controls, no settings, no commands
 * (in Electron its window may use the snapshot channel only).
 */
import type { SessionSnapshot } from '../../preload/contract';
import { selectConnection, selectVenue } from '../shared/snapshot-parts';
import type { SnapshotStore } from '../shared/snapshot-store';
import { StatusBadge } from '../shared/StatusBadge';
import { useHasSnapshot, useSnapshotPart } from '../shared/use-snapshot';
import { LiveTable } from '../table/LiveTable';

const selectTitle = (snapshot: SessionSnapshot) => snapshot.table?.tableName ?? snapshot.venue.name ?? 'Table';

function MonitorHeader({ store }: { store: SnapshotStore }) {
  const title = useSnapshotPart(store, selectTitle);
  const connection = useSnapshotPart(store, selectConnection);
  const { demo } = useSnapshotPart(store, selectVenue);
  return (
    <header className="topbar monitor-bar">
      <h1 className="brand">{title}</h1>
      <StatusBadge connection={connection} demo={demo} />
    </header>
  );
}

export function MonitorApp({ store }: { store: SnapshotStore }) {
  const loaded = useHasSnapshot(store);
  if (!loaded) {
    return (
      <main className="loading monitor" aria-busy="true">
        Connecting…
      </main>
    );
  }
  return (
    <div className="app monitor" data-view="monitor">
      <MonitorHeader store={store} />
      <main className="monitor-table" aria-label="Table monitor">
        <LiveTable store={store} />
      </main>
    </div>
  );
}
