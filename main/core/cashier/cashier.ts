/**
 * The cashier: opens its state record (open-runtime.ts), starts recovery, and takes the cashier's commands and the
 * app's live inputs. The money rules are the pure modules' (machine, outcome, evidence, policy); the functions this
 * file calls only run them at the right moment.
 *
 * Exactly-once rests on three rules:
 * 1. A movement's intent is on disk (fdatasync) before its first request leaves, and every retry, after any
 *    failure or restart, reuses the same idempotency key. Memory follows the journal, never leads it.
 * 2. A new key for the same money is only ever minted by `resolveInDoubt(key, 'send-again')`, which reads the table
 *    at that moment and requires the venue's outcome_unknown for the old key plus that live reading showing it did
 *    NOT apply. The old key keeps being polled; if it applies after all, a re-send that never reached the host is
 *    withdrawn, and one that applied too is flagged (never silently).
 * 3. One unsettled movement per player, so stack evidence is never blurred by another movement of ours, and one
 *    transaction_applied event settles at most one movement (attribution consumes it).
 */
import { diskHealth, isDiskFull } from '../storage/disk-space';
import { observeAccess } from './access';
import { requestWithSpace } from './admission';
import type { Cashier, CashierOptions } from './api';
import { compactJournal, shiftIntegrity, shiftMovements } from './housekeeping';
import { coverageMoved, recheckInDoubt } from './in-doubt';
import { isSettled } from './machine';
import { cancelMovement, resolveInDoubt, sendNow } from './movement-commands';
import { transactionObservation } from './observations';
import { openRuntime } from './open-runtime';
import { compactShiftsOrDefer, recover } from './recovery';
import { isClosed, type CashierRuntime } from './runtime';
import { snapshotOf } from './snapshot';

const closedResult = (): { readonly ok: false; readonly reason: string } => ({
  ok: false,
  reason: 'The cashier is closed.',
});

/** A movement a damaged record names: no press sends, cancels or decides it until a person has checked the books. */
const DAMAGED_RECORD: { readonly ok: false; readonly reason: string } = {
  ok: false,
  reason:
    "This movement's record on this PC is damaged (see the books' damage): nothing is sent, cancelled or decided " +
    'for it until a manager has checked the books. Nothing was changed.',
};

/** The cashier's commands and live inputs over its state record. */
function cashierOver(runtime: CashierRuntime): Cashier {
  const { store, shifts, watch } = runtime;
  const damaged = (key: string): boolean => runtime.journal.recovered.held.has(key);
  return {
    request: (input) => requestWithSpace(runtime, input),
    sendNow: async (key) => (damaged(key) ? DAMAGED_RECORD : sendNow(runtime, key)),
    cancel: async (key) => (damaged(key) ? DAMAGED_RECORD : cancelMovement(runtime, key)),
    resolveInDoubt: async (key, choice) => (damaged(key) ? DAMAGED_RECORD : resolveInDoubt(runtime, key, choice)),
    observeTable(table) {
      if (isClosed(runtime) || !watch.take(table)) return;
      recheckInDoubt(runtime);
    },
    observeStream(next) {
      if (isClosed(runtime)) return;
      runtime.coverage = next;
      coverageMoved(runtime);
      recheckInDoubt(runtime);
    },
    observeTransactionApplied(payload, venueTs, position) {
      const observed = transactionObservation(payload, runtime.now(), venueTs ?? null, position ?? null);
      if (observed === null || isClosed(runtime)) return;
      runtime.attribution.observe(observed);
      recheckInDoubt(runtime);
    },
    observeAccess: (next) => observeAccess(runtime, next),
    snapshot: () => snapshotOf(runtime),
    subscribe(listener) {
      runtime.listeners.add(listener);
      return () => runtime.listeners.delete(listener);
    },
    whenSettled(key) {
      const movement = store.get(key);
      if (movement === undefined) return Promise.reject(new Error(`No movement ${key}.`));
      if (isSettled(movement)) return Promise.resolve(movement);
      const waiters = runtime.settledWaiters;
      return new Promise((resolve) => waiters.set(key, [...(waiters.get(key) ?? []), resolve]));
    },
    isBusy: () => store.isBusy(),
    whenReady: () => (runtime.ready ? Promise.resolve() : new Promise((resolve) => runtime.readyWaiters.push(resolve))),
    compact: (options) => compactJournal(runtime, options?.dropSettledBefore),
    async openShift(openingFloat, operator) {
      return isClosed(runtime) ? closedResult() : shifts.open(openingFloat, operator);
    },
    async closeShift(counted, details) {
      if (isClosed(runtime)) return closedResult();
      const result = await shifts.close(counted, details);
      // The close is recorded; moving its movements to the archive is housekeeping that the next start retries.
      if (result.ok) await compactShiftsOrDefer(runtime);
      return result;
    },
    shiftMovements: (shiftId) => shiftMovements(runtime, shiftId),
    shiftIntegrity: (shiftId) => shiftIntegrity(runtime, shiftId),
    async close() {
      if (isClosed(runtime)) return;
      runtime.abort.abort();
      coverageMoved(runtime);
      runtime.sender.clearAll();
      try {
        await shifts.dispose();
      } finally {
        await runtime.journal.close();
      }
    },
  };
}

/** Opens the journal, recovers, resumes every unfinished movement (same key), then accepts new ones. */
export async function openCashier(options: CashierOptions): Promise<Cashier> {
  const runtime = await openRuntime(options);
  startRecovery(runtime, 0);
  return cashierOver(runtime);
}

/** First retry of a recovery the full disk paused; doubled per failure up to RECOVERY_RETRY_MAX_MS. */
const RECOVERY_RETRY_MS = 1_000;
const RECOVERY_RETRY_MAX_MS = 30_000;

/**
 * Recovers; a full disk pauses it until the disk takes writes (any durable write landing, or a retry with backoff),
 * then it runs again: each step is idempotent (a movement already resumed journals nothing new), so nothing is sent
 * that was not before. Anything else pauses it until the next start.
 */
function startRecovery(runtime: CashierRuntime, failures: number): void {
  void recover(runtime).catch((error: unknown) => {
    if (isClosed(runtime)) return;
    process.emitWarning(`cashier: recovery paused: ${error instanceof Error ? error.message : String(error)}`);
    if (!isDiskFull(error)) return;
    let again = (): void => {
      again = () => undefined;
      stop();
      runtime.timers.clearTimeout(timer);
      if (!isClosed(runtime)) startRecovery(runtime, failures + 1);
    };
    const stop = diskHealth.subscribe((disk) => {
      if (!disk.full) again();
    });
    const timer = runtime.timers.setTimeout(
      () => again(),
      Math.min(RECOVERY_RETRY_MS * 2 ** failures, RECOVERY_RETRY_MAX_MS),
    );
  });
}
