/** A whole-stack cash-out (no amount) is shown applied only by an event that emptied the stack it left with. */
import { describe, expect, it } from 'vitest';
import { matchesMovement } from '../../../main/core/cashier/evidence';
import { T0, appliedEventFixture, movementFixture } from '../../support/cashier-fixtures';

describe('evidence for a whole-stack cash-out', () => {
  const wholeStack = movementFixture({ action: 'cash-out', amount: null, stackAtSend: 200, state: 'in-doubt' });
  const cashOut = (amount: number, after: number) =>
    appliedEventFixture({
      kind: 'cash_out',
      amount,
      delta: -amount,
      stack_before: 200,
      stack_after: after,
      observedAt: T0 + 20,
    });

  it('is its event when the stack it left with went to 0', () => {
    expect(matchesMovement(wholeStack, cashOut(200, 0))).toBe(true);
  });

  it('is not shown applied by a partial cash-out from the same stack (another terminal took 20 of 200)', () => {
    expect(matchesMovement(wholeStack, cashOut(20, 180))).toBe(false);
  });
});
