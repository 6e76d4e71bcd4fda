/**
 * Moves settled movements of closed shifts out of the live journal into the shift archive (archive.ts).
 *
 * Order is the whole point: archive first (appended and fdatasync'd), then compact the journal without them
 * (`journal.compact`: temp file, fsync, rename, folder fsync), then forget them in memory. A crash after the archive
 * and before the compaction leaves those movements in both files; the next run (at the next start, or the next
 * close) finds them archived already, appends nothing, and compacts. Readers take each key once.
 *
 * The journal is rewritten from memory, so no state may be on its way to the journal while the kept list is taken:
 * a write queued before the rewrite would be replaced by the older state in memory. The compaction therefore waits
 * until the store is idle and takes the list and queues the rewrite in the same synchronous step; writes that start
 * after it queue behind the rewrite and land in the new file.
 */
import type { Books } from '../storage/books';
import { archiveMovements } from './archive';
import { isSettled } from './machine';
import { whenIdle, type MovementStore } from './movement-store';
import type { ShiftBook } from './shift-book';
import type { Movement } from './types';

export interface ShiftCompactionDeps {
  readonly dir: string;
  readonly books: Books;
  readonly store: MovementStore;
  readonly shifts: ShiftBook;
  /** The journal's compact (keeps its signature: the latest state of each movement to keep). */
  readonly compact: (keep: readonly Movement[]) => Promise<void>;
  /** Runs between archiving and compacting (a crash-test hook). */
  readonly afterArchive?: () => void | Promise<void>;
}

/** Archives and compacts away every settled movement of every closed shift. Returns how many left the journal. */
export async function compactClosedShifts(deps: ShiftCompactionDeps): Promise<number> {
  const { store, shifts } = deps;
  const closedIds = new Set(
    shifts
      .all()
      .filter((shift) => shift.close !== null)
      .map((shift) => shift.id),
  );
  const byShift = new Map<string, Movement[]>();
  for (const movement of store.values()) {
    const shiftId = shifts.shiftOf(movement);
    if (shiftId === null || !closedIds.has(shiftId) || !isSettled(movement)) continue;
    byShift.set(shiftId, [...(byShift.get(shiftId) ?? []), movement]);
  }
  if (byShift.size === 0) return 0;
  for (const [shiftId, movements] of byShift) await archiveMovements(deps.dir, shiftId, movements, deps.books);
  await deps.afterArchive?.();
  const archived = [...byShift.values()].flat();
  return whenIdle(store, async () => {
    // Only what the archive holds in this very state leaves: a state journaled meanwhile (a double's flag, a claimed
    // event) would otherwise be compacted away and never reach the archive. It stays for the next run to archive.
    const leaving = new Set(
      archived.filter((movement) => store.get(movement.key) === movement).map((movement) => movement.key),
    );
    const keep = store.values().filter((movement) => !leaving.has(movement.key));
    const rewritten = deps.compact(keep);
    store.forget(leaving);
    await rewritten;
    return leaving.size;
  });
}
