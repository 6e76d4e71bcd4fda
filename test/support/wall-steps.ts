/**
 * Steps of the PC's wall clock for the fault schedules: back and forward, from a second to a day, one consumed at
 * each phase of each attempt, each answer of the host and each turn of a test's play. No decision may read the wall
 * clock, so no invariant of a schedule may change under them.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import { CLOCK_STEP_MS } from '../../main/core/cashier/index';
import { createHarness, type Harness, type HarnessOptions } from './cashier-harness';

/** One step (ms, negative: back) or none (null). */
export const wallStepArb: fc.Arbitrary<number | null> = fc.option(
  fc
    .oneof(
      fc.integer({ min: 1_000, max: 60_000 }),
      fc.integer({ min: 60_000, max: 3_600_000 }),
      fc.integer({ min: 3_600_000, max: 86_400_000 }),
    )
    .chain((size) => fc.constantFrom(size, -size)),
  { nil: null, freq: 2 },
);

export const wallStepsArb = fc.array(wallStepArb, { maxLength: 30 });

export interface SteppedHarness {
  readonly h: Harness;
  /** Makes the next step of the schedule (a test calls it on each turn of its play). */
  readonly step: () => void;
  /** How many steps were made so far. */
  readonly made: () => number;
}

/** A harness whose wall clock steps as `steps` says at each phase, each answer and each `step()`. */
export async function steppedHarness(
  steps: readonly (number | null)[] | undefined,
  options: HarnessOptions,
): Promise<SteppedHarness> {
  const left = [...(steps ?? [])];
  let made = 0;
  let clock: Harness['clock'] | null = null;
  const step = (): void => {
    const by = left.shift();
    if (by == null || clock === null) return;
    clock.stepWall(by);
    made += 1;
  };
  const h = await createHarness({ ...options, onPhase: step });
  clock = h.clock;
  h.host.beforeAnswer = step;
  return { h, step, made: () => made };
}

/** What the cashier said about the steps: only real steps, and nothing at all when the wall clock never moved. */
export function expectStepsSaidTruly(stepped: SteppedHarness): void {
  const said = stepped.h.cashier.snapshot().clockSteps;
  if (stepped.made() === 0) expect(said).toEqual([]);
  for (const step of said) expect(Math.abs(step.by)).toBeGreaterThan(CLOCK_STEP_MS);
}
