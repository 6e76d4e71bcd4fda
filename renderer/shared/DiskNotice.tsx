/**
 * Tells the cashier the data folder's disk is full: a state the app lives through, not a crash. Main decides the
 * words (reading the table and history goes on; money waits until the disk takes writes); this shows them.
 */
import type { DiskView } from '../../preload/contract';

export function DiskNotice({ disk }: { readonly disk: DiskView }) {
  if (!disk.full || disk.message === null) return null;
  return (
    <div className="disk-notice" role="alert" aria-label="Disk full">
      {disk.message}
    </div>
  );
}
