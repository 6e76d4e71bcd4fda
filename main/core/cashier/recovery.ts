/**
 * Start-up: finish what a crash left half done (an archived shift not yet compacted, a re-send linked on one side
 * only, a pair's flag or withdrawal), then resume every unfinished movement with its own key before new ones are
 * taken. Also the closed shifts' archiving, which a start and every close run.
 */
import { afterApplied, commit } from './commit';
import { isSettled } from './machine';
import { whenIdle } from './movement-store';
import type { CashierRuntime } from './runtime';
import { compactClosedShifts } from './shift-compaction';
import { changed } from './snapshot';

/**
 * Settled movements of closed shifts leave the journal for the archive (archive first, then compact). One run at
 * a time (a close during start-up recovery would otherwise race the recovery's run).
 */
function compactShifts(runtime: CashierRuntime): Promise<number> {
  const { journal } = runtime;
  const run = () =>
    compactClosedShifts({
      dir: journal.dataDir,
      books: journal.books,
      store: runtime.store,
      shifts: runtime.shifts,
      compact: (keep) => journal.compact(keep),
      afterArchive: runtime.options.afterArchive,
    });
  const next = runtime.compacting.then(run, run);
  runtime.compacting = next.catch(() => undefined);
  return next;
}

/**
 * Housekeeping only: if archiving fails, the closed shifts' movements stay in the journal (counted once) and the
 * next start retries.
 */
export const compactShiftsOrDefer = (runtime: CashierRuntime): Promise<unknown> =>
  compactShifts(runtime).catch((error: unknown) =>
    process.emitWarning(`cashier: shift archive deferred: ${error instanceof Error ? error.message : String(error)}`),
  );

export async function recover(runtime: CashierRuntime): Promise<void> {
  const { store, journal, sender } = runtime;
  // A crash between archiving a closed shift and compacting the journal left its movements in both: finish it.
  await compactShiftsOrDefer(runtime);
  changed(runtime);
  // Superseded snapshots pile up while keys are polled: rewrite when most of the file is history.
  // (A send again pressed meanwhile may be journaling: the list is taken once nothing is on its way; see whenIdle.)
  if (journal.recovered.report.records > 2 * store.size + 64)
    await whenIdle(store, () => journal.compact(store.values()));
  const at = runtime.now();
  for (const movement of store.values()) {
    await commit(runtime, movement.key, { type: 'recovered', at });
    // A crash between journaling a re-send and linking the old movement leaves the link on one side only.
    const old = movement.replaces === null ? undefined : store.get(movement.replaces);
    if (old !== undefined && old.replacedBy === null)
      await commit(runtime, old.key, { type: 'replaced', at, by: movement.key });
  }
  // A crash between a pair's application and its flag (or withdrawal) leaves that undone.
  for (const movement of store.values()) if (movement.state === 'applied') await afterApplied(runtime, movement);
  const unfinished = store.values().filter((movement) => !isSettled(movement) && movement.state !== 'queued');
  await Promise.all(unfinished.map((movement) => sender.runAttempt(movement.key, true)));
  runtime.ready = true;
  changed(runtime);
  for (const resolve of runtime.readyWaiters.splice(0)) resolve();
  sender.scheduleAll();
}
