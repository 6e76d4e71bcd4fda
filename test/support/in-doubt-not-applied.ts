/**
 * Waits for a movement to be in doubt with the table read showing it did not apply: the state "send again" is
 * offered in, where the tests of "send again" start.
 */
import { expect } from 'vitest';
import type { Harness } from './cashier-harness';

/** Runs the harness clock (300 steps at most) until movement `key` is in doubt, not applied; asserts it got there. */
export async function expectInDoubtNotApplied(h: Harness, key: string): Promise<void> {
  expect(
    await h.runUntil(
      () => h.movement(key).state === 'in-doubt' && h.movement(key).evidence?.verdict === 'not-applied',
      300,
    ),
  ).toBe(true);
}
