/**
 * Gathering evidence for in-doubt movements: which reading to judge on, re-judging when the table, the stream's
 * coverage or a transaction_applied event moves, and waiting for the stream to prove it delivered past a reading.
 * The verdict itself is evidence.ts's (pure).
 */
import { afterApplied, commitNow } from './commit';
import { assessEvidence, viewUnusableReason } from './evidence';
import { isPaired } from './machine';
import { unsettledFor } from './policy';
import { isClosed, type CashierRuntime } from './runtime';
import type { Evidence, Movement, TableObservation } from './types';

/** How long "send again" waits for the stream's heartbeat after its reading (the keeper pings every 15 s). */
const HEARTBEAT_WAIT_MS = 20_000;

/**
 * Waits (at most HEARTBEAT_WAIT_MS) until the stream proves it delivered everything up to `at`: a reading taken at
 * a press can only say "not applied" once a heartbeat sent after it was answered. At once when the stream is not
 * delivering (nothing to wait for: the verdict is "cannot tell").
 */
export function deliveredThrough(runtime: CashierRuntime, at: number): Promise<void> {
  const { timers, deliveryWaiters } = runtime;
  const done = (): boolean => {
    const coverage = runtime.coverage;
    return (
      isClosed(runtime) ||
      coverage === null ||
      coverage.unbrokenSince === null ||
      (coverage.deliveredThrough ?? -1) >= at
    );
  };
  if (done()) return Promise.resolve();
  return new Promise((resolve) => {
    const finish = (): void => {
      deliveryWaiters.delete(check);
      timers.clearTimeout(handle);
      resolve();
    };
    const check = (): void => {
      if (done()) finish();
    };
    const handle = timers.setTimeout(finish, HEARTBEAT_WAIT_MS);
    deliveryWaiters.add(check);
  });
}

/** Wakes every "send again" waiting for the stream's coverage (it moved, or the cashier closed). */
export function coverageMoved(runtime: CashierRuntime): void {
  for (const check of [...runtime.deliveryWaiters]) check();
}

const inDoubtUnpaired = (runtime: CashierRuntime, movement: Movement | undefined): movement is Movement =>
  movement !== undefined && movement.state === 'in-doubt' && !isPaired(movement) && !isClosed(runtime);

/** The evidence for a movement on the best reading there is, or on exactly `table` (the reading taken at a press). */
export function evidenceOn(runtime: CashierRuntime, movement: Movement, table: TableObservation | undefined): Evidence {
  const { watch } = runtime;
  const since = movement.doubt?.since ?? movement.firstSentAt;
  return assessEvidence(movement, {
    now: runtime.now(),
    table: table === undefined ? watch.best(since) : watch.fillHand(table, since),
    readFailure: table === undefined ? watch.readFailure() : null,
    events: runtime.attribution.unattributed(),
    otherMovementForPlayer: unsettledFor(runtime.store.values(), movement, movement.key) !== null,
    stream: runtime.coverage,
    stackMovedAt: watch.stackMovedAt(movement),
  });
}

/**
 * Rechecks an in-doubt movement's evidence: on the best reading there is, reading the table first when no usable
 * reading is newer than the doubt. `table`: decide on exactly this reading (the one taken when the cashier pressed).
 */
export async function gatherEvidence(runtime: CashierRuntime, key: string, table?: TableObservation): Promise<void> {
  const { store, watch } = runtime;
  const before = store.get(key);
  if (!inDoubtUnpaired(runtime, before)) return;
  const best = watch.best();
  if (
    table === undefined &&
    (best === null || best.receivedAt < (before.doubt?.since ?? 0) || viewUnusableReason(best) !== null)
  )
    await watch.read(false);
  const applied = await store.exclusive(key, async () => {
    const movement = store.get(key);
    if (!inDoubtUnpaired(runtime, movement)) return null;
    const evidence = evidenceOn(runtime, movement, table);
    const previous = movement.evidence;
    if (
      table === undefined &&
      previous !== null &&
      previous.verdict === evidence.verdict &&
      previous.summary === evidence.summary
    )
      return null;
    const next = await commitNow(runtime, key, { type: 'evidence', evidence });
    return next?.state === 'applied' ? next : null;
  });
  if (applied !== null) await afterApplied(runtime, applied);
}

/** Something evidence reads moved (a view, the stream's coverage, an event): re-judge every in-doubt movement. */
export function recheckInDoubt(runtime: CashierRuntime): void {
  for (const movement of runtime.store.values())
    if (movement.state === 'in-doubt') void gatherEvidence(runtime, movement.key);
}
