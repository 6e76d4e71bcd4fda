/**
 * A step of the PC's wall clock: order time (monotonic) and the wall clock drift apart by more than a few seconds
 * at once. It is detected on a timer and whenever the cashier stamps a record, said once (the snapshot's notice) and
 * written in the shift log; it changes nothing else, since no decision reads the wall clock.
 */
import { localClock } from '../../../preload/contract/local-time';

/** Wall and order time may drift apart by this much (NTP slews slowly) before it counts as a step. */
export const CLOCK_STEP_MS = 5_000;

/** One detected step. */
export interface ClockStep {
  /** How far the wall clock moved against order time (ms): negative when it went back. */
  readonly by: number;
  /** The wall time just after the step (when it was noticed): for people. */
  readonly wallAt: number;
  /** The order time it was noticed at. */
  readonly orderAt: number;
}

export interface ClockStepWatch {
  /** Compares the wall clock with an order time just read; reports a step once. */
  check(orderNow: number): void;
}

export function createClockStepWatch(
  wall: () => number,
  orderNow: number,
  onStep: (step: ClockStep) => void,
): ClockStepWatch {
  let skew = wall() - orderNow;
  return {
    check(order) {
      const wallAt = wall();
      const now = wallAt - order;
      if (Math.abs(now - skew) <= CLOCK_STEP_MS) return;
      const step: ClockStep = { by: now - skew, wallAt, orderAt: order };
      skew = now;
      onStep(step);
    },
  };
}

const UNITS: ReadonlyArray<readonly [number, string]> = [
  [86_400_000, 'day'],
  [3_600_000, 'hour'],
  [60_000, 'minute'],
  [1_000, 'second'],
];

/** "1 hour", "2 hours 5 minutes", "12 seconds": at most the two largest units. */
export function stepSize(ms: number): string {
  let left = Math.round(Math.abs(ms) / 1_000) * 1_000;
  const parts: string[] = [];
  for (const [size, name] of UNITS) {
    const count = Math.floor(left / size);
    if (count === 0 || parts.length === 2) continue;
    parts.push(`${count} ${name}${count === 1 ? '' : 's'}`);
    left -= count * size;
  }
  return parts.length === 0 ? 'less than a second' : parts.join(' ');
}

/** "This PC's clock jumped back 1 hour at 16:16:05; money decisions are not affected." */
export function clockStepSentence(step: ClockStep): string {
  const way = step.by < 0 ? 'back' : 'forward';
  const when = localClock(step.wallAt);
  return `This PC's clock jumped ${way} ${stepSize(step.by)} at ${when}; money decisions are not affected.`;
}
