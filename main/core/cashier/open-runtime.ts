/**
 * Builds the cashier's state record: opens the journal (recovering its movements) and the shift book beside it,
 * then wires the table watch, the event attribution and the sender to the record. Nothing here decides anything;
 * the parts call back into the record only once it exists (on writes, pushes and timers, all after this returns).
 */
import { createOrderClock, processOrderClock, type OrderClock } from '../venue/clock';
import { DEFAULT_CASHIER_CONFIG } from './api';
import type { CashierOptions, CashierTimers } from './api';
import { readArchive } from './archive';
import { withdrawAccess } from './access';
import { createEventAttribution } from './attribution';
import { afterApplied, commit } from './commit';
import { gatherEvidence } from './in-doubt';
import { createIntentGate } from './intents';
import { openJournal, type Journal } from './journal';
import { centsTotals } from './ledger';
import { isSettled } from './machine';
import { createMovementStore, type MovementStore } from './movement-store';
import type { CashierRuntime } from './runtime';
import { createSender } from './sender';
import { intentPositionOf } from './stream-position';
import { openShiftBook, type ShiftBook } from './shift-book';
import { CLOCK_STEP_MS, createClockStepWatch, type ClockStep } from './clock-steps';
import type { ShiftRecord } from './shift';
import { changed } from './snapshot';
import { diskHealth } from '../storage/disk-space';
import { createTableWatch } from './table-watch';
import type { Movement } from './types';

/** How many transaction_applied events attribution keeps while no movement explains them. */
const RECENT_EVENTS = 500;

const realTimers: CashierTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/**
 * The shift log (beside the journal, under the same lock) and the last closed shift's archived movements: those
 * still explain their transaction_applied events, so the feed's replay after a restart must not offer those events
 * as evidence for a movement of the new shift. The journal is closed if the shift log cannot be opened.
 */
async function openShifts(
  journal: Journal,
  clock: { readonly now: () => number; readonly wall: () => number },
  store: MovementStore,
  onChange: () => void,
): Promise<{ readonly shifts: ShiftBook; readonly lastArchived: readonly Movement[] }> {
  try {
    const shifts = await openShiftBook({
      dir: journal.dataDir,
      books: journal.books,
      now: clock.now,
      wall: clock.wall,
      movements: () => store.values(),
      totals: centsTotals,
      onChange,
    });
    const lastClosed = shifts
      .all()
      .filter((shift) => shift.close !== null)
      .at(-1);
    // Unreadable, it only loses this extra guard (evidence still needs a later hand and the stack it left with).
    const lastArchived =
      lastClosed === undefined
        ? []
        : await readArchive(journal.dataDir, lastClosed.id, journal.books).catch((error: unknown) => {
            process.emitWarning(
              `cashier: last shift's archive unreadable: ${error instanceof Error ? error.message : String(error)}`,
            );
            return [];
          });
    return { shifts, lastArchived };
  } catch (error) {
    await journal.close();
    throw error;
  }
}

/** A movement reached memory: the snapshot changes, and whoever waits for it to settle is told. */
function movementStored(runtime: CashierRuntime, movement: Movement): void {
  changed(runtime);
  if (!isSettled(movement)) return;
  for (const resolve of runtime.settledWaiters.get(movement.key) ?? []) resolve(movement);
  runtime.settledWaiters.delete(movement.key);
}

/** The clocks the options give: a shared one, a test's sources, or the process's. */
function clockOf(options: CashierOptions): OrderClock {
  if (options.clock !== undefined) return options.clock;
  return options.now === undefined ? processOrderClock : createOrderClock(options.wallNow ?? options.now, options.now);
}

/** The newest order time already journaled (movements, shifts): new records must order after it. */
function journaledFloor(movements: readonly Movement[], shifts: readonly ShiftRecord[]): number {
  let floor = -Infinity;
  for (const movement of movements)
    floor = Math.max(floor, movement.createdAt, movement.updatedAt, movement.settlement?.at ?? -Infinity);
  for (const shift of shifts) floor = Math.max(floor, shift.openedAt, shift.close?.at ?? -Infinity);
  return floor;
}

/**
 * Order time for the runtime: the clock lifted past everything journaled, each read also compared with the wall
 * clock (a step is reported once: said in the snapshot, written in the shift log), and on a timer while idle.
 */
function orderTime(
  clock: OrderClock,
  onStep: (step: ClockStep) => void,
): {
  readonly now: () => number;
  readonly lift: (floor: number) => void;
  readonly watchUntil: (signal: AbortSignal) => void;
} {
  const watch = createClockStepWatch(clock.wall, clock.now(), onStep);
  const now = (): number => {
    const at = clock.now();
    watch.check(at);
    return at;
  };
  return {
    now,
    lift(floor) {
      if (Number.isFinite(floor)) clock.atLeast(floor);
      now();
    },
    watchUntil(signal) {
      const timer = setInterval(now, CLOCK_STEP_MS);
      timer.unref();
      signal.addEventListener('abort', () => clearInterval(timer), { once: true });
    },
  };
}

/** A step of the wall clock: said once on screen (the snapshot) and written in the shift log; nothing else. */
function stepNoted(runtime: CashierRuntime, step: ClockStep): void {
  runtime.clockSteps.push(step);
  queueMicrotask(() => {
    changed(runtime);
    void runtime.shifts.noteClockStep(step).catch((error: unknown) => {
      process.emitWarning(`cashier: clock step not logged: ${error instanceof Error ? error.message : String(error)}`);
    });
  });
}

export async function openRuntime(options: CashierOptions): Promise<CashierRuntime> {
  const config = { ...DEFAULT_CASHIER_CONFIG, ...options.config };
  const clock = clockOf(options);
  // Steps seen before the runtime exists (the lift past the journal at open) are noted once it does.
  const early: ClockStep[] = [];
  let built: CashierRuntime | null = null;
  const order = orderTime(clock, (step) => (built === null ? early.push(step) : stepNoted(built, step)));
  const now = order.now;
  const phase = options.onPhase ?? (() => undefined);
  const timers = options.timers ?? realTimers;
  const abort = new AbortController();
  const journal = await openJournal(options.dataDir, {
    ...(options.storage === undefined ? {} : { fs: options.storage }),
    ...(options.books === undefined ? {} : { books: options.books }),
  });
  const store = createMovementStore(
    journal,
    journal.recovered.movements,
    (movement) => movementStored(runtime, movement),
    clock.wall,
  );
  const { shifts, lastArchived } = await openShifts(journal, { now, wall: clock.wall }, store, () => changed(runtime));
  order.lift(journaledFloor([...lastArchived, ...journal.recovered.movements], shifts.all()));
  const watch = createTableWatch({
    readTable: options.readTable,
    now,
    signal: abort.signal,
    onBetweenHandsChange(betweenHands, previous) {
      // The snapshot shows only betweenHands of the table; stacks feed evidence, which publishes through commit.
      changed(runtime);
      if (betweenHands === true && previous !== true)
        for (const movement of store.values())
          if (movement.state === 'queued') void sender.runAttempt(movement.key, false);
    },
  });
  // One transaction_applied event is one application: it may be evidence for at most one movement. A claim met
  // after its movement settled is journaled with it (best effort: if the write fails, the claim still holds in
  // memory, as the stack_before rule does for a replay).
  const attribution = createEventAttribution(
    [...lastArchived, ...journal.recovered.movements],
    RECENT_EVENTS,
    (movement, event) => {
      watch.freshness.eventSeen(movement);
      void commit(runtime, movement.key, { type: 'claimed', event }).catch(() => undefined);
    },
  );
  const sender = createSender({
    store,
    commit: (key, event, onWritten) => commit(runtime, key, event, onWritten),
    transport: options.transport,
    watch,
    timers,
    random: options.random ?? Math.random,
    retry: config.retry,
    queuedRetryMs: config.queuedRetryMs,
    now,
    position: () => intentPositionOf(runtime.coverage),
    phase,
    signal: abort.signal,
    accessOk: () => runtime.access === 'ok',
    recordDamaged: (key) => journal.recovered.held.has(key),
    accessEpoch: () => runtime.accessEpoch,
    withdrawAccess: () => withdrawAccess(runtime),
    unsavedChanged: () => changed(runtime),
    async afterAttempt(key) {
      const movement = store.get(key);
      if (movement?.state === 'applied') await afterApplied(runtime, movement);
      await gatherEvidence(runtime, key);
    },
  });
  const runtime: CashierRuntime = {
    options,
    config,
    now,
    wall: clock.wall,
    phase,
    timers,
    journal,
    store,
    shifts,
    watch,
    attribution,
    sender,
    intents: createIntentGate(),
    abort,
    listeners: new Set(),
    settledWaiters: new Map(),
    readyWaiters: [],
    deliveryWaiters: new Set(),
    access: 'ok',
    accessEpoch: 0,
    ready: false,
    version: 0,
    cached: null,
    coverage: null,
    compacting: Promise.resolve(),
    clockSteps: [],
  };
  // Any durable write landing (this journal's or another writer's) says the disk takes writes again: held answers
  // are journaled and paused movements tried at once, not only at their next timer.
  const stopWatchingDisk = diskHealth.subscribe((disk) => {
    if (!disk.full && !abort.signal.aborted) sender.diskTakesWrites();
  });
  abort.signal.addEventListener('abort', stopWatchingDisk, { once: true });
  built = runtime;
  for (const step of early) stepNoted(runtime, step);
  order.watchUntil(abort.signal);
  return runtime;
}
