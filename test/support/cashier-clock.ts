/**
 * A manual clock for cashier tests: fake time and timers that advance only when the system is quiet, so retry
 * and backoff schedules run in milliseconds of real time and in a deterministic order.
 */
import type { CashierTimers } from '../../main/core/cashier/index';

interface Pending {
  readonly id: number;
  readonly at: number;
  readonly callback: () => void;
}

export interface ManualClock {
  /** Monotonic time: timers fire on it. */
  readonly now: () => number;
  /** The PC's wall clock: `now` plus every step made so far. */
  readonly wall: () => number;
  /** Steps the wall clock (back when negative); `now` and the timers do not move. */
  stepWall(ms: number): void;
  readonly timers: CashierTimers;
  /** Timers not fired yet. */
  pendingCount(): number;
  /** Fires the earliest timer (moving time to it); false when none is pending. */
  fireNext(): boolean;
  /** Lets real I/O (journal writes) finish, then fires timers one at a time until `done()` or the step limit. */
  runUntil(done: () => boolean, maxSteps?: number): Promise<boolean>;
}

/**
 * One turn of the real event loop: every pending microtask has run and I/O callbacks that were ready have been
 * delivered. Journal writes still in the thread pool are seen through `busy`, so nothing needs a timed pause.
 */
const realTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Waits until nothing is being journaled and `version()` has stopped changing for a few real event-loop turns. */
export async function quiesce(version: () => number, busy: () => boolean = () => false): Promise<void> {
  let stable = 0;
  let last = version();
  while (stable < 3) {
    await realTurn();
    const current = version();
    stable = current === last && !busy() ? stable + 1 : 0;
    last = current;
  }
}

/** A clock starting at `start` (ms). `activity` reports a counter that changes while work is under way. */
export function createManualClock(
  start = 1_700_000_000_000,
  activity: () => number = () => 0,
  busy: () => boolean = () => false,
): ManualClock {
  let time = start;
  let wallOffset = 0;
  let nextId = 1;
  let pending: Pending[] = [];
  const clock: ManualClock = {
    now: () => time,
    wall: () => time + wallOffset,
    stepWall(ms) {
      wallOffset += ms;
    },
    timers: {
      setTimeout(callback, ms) {
        const entry = { id: nextId, at: time + Math.max(0, ms), callback };
        nextId += 1;
        pending.push(entry);
        return entry.id;
      },
      clearTimeout(handle) {
        pending = pending.filter((entry) => entry.id !== handle);
      },
    },
    pendingCount: () => pending.length,
    fireNext() {
      if (pending.length === 0) return false;
      const earliest = pending.reduce((best, entry) =>
        entry.at < best.at || (entry.at === best.at && entry.id < best.id) ? entry : best,
      );
      pending = pending.filter((entry) => entry !== earliest);
      time = Math.max(time, earliest.at);
      earliest.callback();
      return true;
    },
    async runUntil(done, maxSteps = 10_000) {
      for (let step = 0; step < maxSteps; step += 1) {
        await quiesce(activity, busy);
        if (done()) return true;
        if (!clock.fireNext()) {
          await quiesce(activity, busy);
          return done();
        }
      }
      return done();
    },
  };
  return clock;
}

/**
 * Pumps `clock` until `ready()`: recovery does real file I/O the fake clock cannot see. Bounded by real time (a
 * generous 30 s), not by a count of rounds: on a loaded disk an fdatasync can take longer than many quick rounds, and
 * a count of rounds is a timing threshold in disguise (it failed a CI run under load). Returns `ready()`.
 */
export async function pumpUntil(
  clock: { runUntil(done: () => boolean, maxSteps?: number): Promise<boolean> },
  ready: () => boolean,
  maxSteps?: number,
): Promise<boolean> {
  const deadline = Date.now() + 30_000;
  while (!ready() && Date.now() < deadline) {
    await clock.runUntil(ready, maxSteps);
    if (!ready()) await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return ready();
}
