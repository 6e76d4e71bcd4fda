/**
 * Time as an injectable dependency, so budgets, backoff and data ages are testable without waiting; and the two
 * clocks the app keeps apart: order time (decisions) and wall time (people).
 */

/** Order-time milliseconds and an abortable sleep. */
export interface Clock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/**
 * Order time for every decision that compares two moments (evidence "after the intent", coverage, windows, the
 * tray's order), and the wall clock for people. The PC's wall clock steps (a wrong time corrected, a time zone
 * mistake, NTP after a sleep): order time is anchored once to it and then advanced only by a monotonic source, so it
 * never goes back within a process; `atLeast` lifts it past a time already journaled, so a restart after a step back
 * still orders new records after old ones (a hybrid-logical-clock floor). Order times are never shown to anyone.
 */
export interface OrderClock {
  /** Order time (ms, on the wall clock's scale when no step happened): never decreases. */
  now(): number;
  /** The wall clock (ms since the epoch), for what people read. */
  wall(): number;
  /** Order time jumps forward (never back) if needed so no later `now()` is before `floor`. */
  atLeast(floor: number): void;
}

/** An order clock anchored to `wall` now and advanced by `monotonic` (default: Date.now and performance.now). */
export function createOrderClock(
  wall: () => number = () => Date.now(),
  monotonic: () => number = () => performance.now(),
): OrderClock {
  let anchor = wall() - monotonic();
  return {
    now: () => anchor + monotonic(),
    wall,
    atLeast(floor) {
      // Only a clock behind the floor moves: one that is not keeps its time exactly (tests' manual clocks too).
      const behind = floor - (anchor + monotonic());
      if (behind > 0) anchor += behind;
    },
  };
}

/** The process's one order clock: the live keeper, the venue link, the cashier and the session share it. */
export const processOrderClock: OrderClock = createOrderClock();

/**
 * A past order time as the wall clock reads it now, for a screen that has nothing better (no wall stamp, no venue
 * time): exact unless the wall clock stepped since, and then on today's wall clock, which is what the PC shows.
 */
export function wallOf(orderAt: number, clock: OrderClock = processOrderClock): number {
  return orderAt + (clock.wall() - clock.now());
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new Error('aborted');
}

/** The real clock: the process's order time, and setTimeout. */
export const systemClock: Clock = {
  now: () => processOrderClock.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(abortReason(signal));
        return;
      }
      const onAbort = (): void => {
        clearTimeout(timer);
        reject(abortReason(signal as AbortSignal));
      };
      const timer = setTimeout(
        () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        Math.max(0, ms),
      );
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};
