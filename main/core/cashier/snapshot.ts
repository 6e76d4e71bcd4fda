/**
 * What the cashier shows: the snapshot of its state (built once per change, kept until the next) and the push of
 * each change to its subscribers.
 */
import { damageNote } from '../storage/book-file';
import type { CashierSnapshot } from './api';
import { ledgerTotals } from './ledger';
import { cancelBlocker } from './machine';
import { sendAgainBlocker, withHostSince } from './policy';
import type { CashierRuntime } from './runtime';

/** Something the snapshot shows changed: a new version, pushed to every subscriber. */
export function changed(runtime: CashierRuntime): void {
  runtime.version += 1;
  runtime.cached = null;
  if (runtime.listeners.size === 0) return;
  const current = snapshotOf(runtime);
  for (const listener of runtime.listeners) listener(current);
}

function digestsOf(shifts: CashierRuntime['shifts']): Record<string, string> {
  const digests: Record<string, string> = {};
  for (const shift of shifts.all()) {
    const digest = shifts.digestOf(shift.id);
    if (digest !== null) digests[shift.id] = digest;
  }
  return digests;
}

export function snapshotOf(runtime: CashierRuntime): CashierSnapshot {
  if (runtime.cached !== null) return runtime.cached;
  const { shifts, ready } = runtime;
  const at = runtime.now();
  const current = shifts.current();
  runtime.cached = {
    version: runtime.version,
    ready,
    access: runtime.access,
    betweenHands: runtime.watch.stream()?.betweenHands ?? null,
    movements: runtime.store.values().map((movement) => ({
      ...movement,
      shiftId: shifts.shiftOf(movement),
      attemptCount: movement.attempts.reduce((sum, entry) => sum + entry.count, 0),
      withHostSince: movement.state === 'with-host' || movement.state === 'in-doubt' ? withHostSince(movement) : null,
      cancelBlockedBy: cancelBlocker(movement),
      sendAgainBlockedBy: sendAgainBlocker(movement, at, !ready),
      unsavedAnswer: runtime.sender.unsavedAnswer(movement.key),
    })),
    totals: current === null ? ledgerTotals([]) : ledgerTotals(shifts.members(current.id), current.id),
    recovery: runtime.journal.recovered.report,
    shifts: { current, all: shifts.all(), damaged: shifts.damaged, digests: digestsOf(shifts) },
    clockSteps: [...runtime.clockSteps],
    books: {
      damage: [...runtime.journal.recovered.damage, ...shifts.damage].map(damageNote),
      held: [...runtime.journal.recovered.held],
    },
  };
  return runtime.cached;
}
