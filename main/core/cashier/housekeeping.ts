/**
 * The journal's upkeep and the shifts' movements for export: rewriting the journal with each movement's latest
 * state (optionally dropping long-settled ones), and reading a shift's movements from its archive and the journal.
 */
import { damageNote } from '../storage/book-file';
import type { ShiftIntegrity } from './api';
import { readArchive, readArchiveChecked } from './archive';
import { isSettled } from './machine';
import { whenIdle } from './movement-store';
import { partnerKey } from './policy';
import type { CashierRuntime } from './runtime';
import { changed } from './snapshot';
import type { Movement } from './types';

export async function compactJournal(runtime: CashierRuntime, dropSettledBefore: number | undefined): Promise<void> {
  const { store, journal } = runtime;
  const cutoff = dropSettledBefore;
  const droppable = (movement: Movement | undefined): boolean =>
    movement === undefined ||
    (cutoff !== undefined && isSettled(movement) && (movement.settlement?.at ?? movement.updatedAt) < cutoff);
  // The kept list is taken, and the rewrite queued, once no state is on its way to the journal (see whenIdle).
  let listed: Movement[] = [];
  let keep: Movement[] = [];
  await whenIdle(store, () => {
    listed = store.values();
    // A re-send pair leaves together: while one key may still apply, the other must be there to withdraw or flag.
    keep = listed.filter((movement) => {
      const partner = partnerKey(movement);
      return !droppable(movement) || (partner !== null && !droppable(store.get(partner)));
    });
    return journal.compact(keep);
  });
  if (cutoff !== undefined) {
    // Only what this rewrite left out: a movement requested while it ran is in the new file and stays.
    const kept = new Set(keep.map((movement) => movement.key));
    store.forget(listed.map((movement) => movement.key).filter((key) => !kept.has(key)));
    changed(runtime);
  }
}

/** One shift's digest, and the damage the books show for it: the shift log's, its archive's, the journal's. */
export async function shiftIntegrity(runtime: CashierRuntime, shiftId: string): Promise<ShiftIntegrity> {
  const { journal, shifts } = runtime;
  const archive = await readArchiveChecked(journal.dataDir, shiftId, journal.books);
  return {
    digest: shifts.digestOf(shiftId),
    damage: [...shifts.damage, ...archive.damage, ...journal.recovered.damage].map(damageNote),
  };
}

/** One shift's movements (or every shift's), from the archive and the journal, each once, oldest first. */
export async function shiftMovements(runtime: CashierRuntime, shiftId: string | 'all'): Promise<Movement[]> {
  const { shifts } = runtime;
  const wanted = shiftId === 'all' ? shifts.all().map((shift) => shift.id) : [shiftId];
  const byKey = new Map<string, Movement>();
  for (const id of wanted)
    for (const movement of await readArchive(runtime.journal.dataDir, id, runtime.journal.books))
      byKey.set(movement.key, { ...movement, shiftId: id });
  // The journal's state is the newest: a movement in both (a crash before the compaction) counts once.
  for (const movement of runtime.store.values()) {
    const id = shifts.shiftOf(movement);
    if (id !== null && wanted.includes(id)) byKey.set(movement.key, { ...movement, shiftId: id });
  }
  return [...byKey.values()].sort((a, b) => a.createdAt - b.createdAt);
}
