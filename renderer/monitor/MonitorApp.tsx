/**
 * The read-only table monitor (`?view=monitor`), for a second screen facing the room: the table in large type, on
 * one screen that never scrolls (styles/monitor.css), and the connection badge in the room's words (MonitorBadge.tsx),
 * nothing else. It only reads snapshots: no cashier controls, no settings, no commands (in Electron its window may
 * use the snapshot channel only).
 */
import type { ReactNode } from 'react';
import type { ConnectionStatus, SessionSnapshot } from '../../preload/contract';
import { selectConnection, selectVenue } from '../shared/snapshot-parts';
import type { SnapshotStore } from '../shared/snapshot-store';
import { useHasSnapshot, useSnapshotPart } from '../shared/use-snapshot';
import { LiveTable } from '../table/LiveTable';
import { MonitorBadge } from './MonitorBadge';

/** What the room reads before the venue's first table arrives. */
export const MONITOR_EMPTY_TABLE = 'The table will be on screen shortly.';

/** The monitor's title: the table's name, else the venue's. */
export const monitorTitle = (snapshot: SessionSnapshot) => snapshot.table?.tableName ?? snapshot.venue.name ?? 'Table';

/** The monitor's bar, pure props: the live monitor and the server-rendered first paint draw the same markup. */
export function MonitorTopBar({
  title,
  connection,
  demo,
}: {
  readonly title: string;
  readonly connection: ConnectionStatus;
  readonly demo: boolean;
}) {
  return (
    <header className="topbar monitor-bar">
      <h1 className="brand">{title}</h1>
      <MonitorBadge connection={connection} demo={demo} />
    </header>
  );
}

/** The monitor's page: its bar above the table. The live monitor and the first paint draw the same frame. */
export function MonitorFrame({
  bar,
  children,
  after,
}: {
  readonly bar: ReactNode;
  /** The table. */
  readonly children: ReactNode;
  /** Below the table (the first paint's notice for a drawing no app took over). */
  readonly after?: ReactNode;
}) {
  return (
    <div className="app monitor" data-view="monitor">
      {bar}
      <main className="monitor-table" aria-label="Table monitor">
        {children}
      </main>
      {after}
    </div>
  );
}

function MonitorHeader({ store }: { store: SnapshotStore }) {
  const title = useSnapshotPart(store, monitorTitle);
  const connection = useSnapshotPart(store, selectConnection);
  const { demo } = useSnapshotPart(store, selectVenue);
  return <MonitorTopBar title={title} connection={connection} demo={demo} />;
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
    <MonitorFrame bar={<MonitorHeader store={store} />}>
      <LiveTable store={store} emptyText={MONITOR_EMPTY_TABLE} />
    </MonitorFrame>
  );
}
