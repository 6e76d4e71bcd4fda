/**
 * The table screen fed straight from the snapshot store: it subscribes to the table, the ticker, the money mode
 * and whether the data is live, so a live event re-renders this subtree only (the shell around it stays put).
 */
import { selectMoneyMode, selectStale, selectTable, selectTicker } from '../shared/snapshot-parts';
import type { SnapshotStore } from '../shared/snapshot-store';
import { useSnapshotPart } from '../shared/use-snapshot';
import { TableScreen } from './TableScreen';

export function LiveTable({
  store,
  onSeat,
  emptyText,
}: {
  store: SnapshotStore;
  onSeat?: (seatId: number) => void;
  /** Said before the first table arrives (TableScreen's own words when absent). */
  emptyText?: string;
}) {
  const table = useSnapshotPart(store, selectTable);
  const ticker = useSnapshotPart(store, selectTicker);
  const mode = useSnapshotPart(store, selectMoneyMode);
  const stale = useSnapshotPart(store, selectStale);
  return <TableScreen table={table} ticker={ticker} mode={mode} stale={stale} onSeat={onSeat} emptyText={emptyText} />;
}
