import { describe, expect, it } from 'vitest';
import { countedOnAnotherWritersEvent, harnessPerTest } from '../../support/cashier-harness';

const harness = harnessPerTest();

// Once the cashier accepts what the table shows, the key is still asked: the venue's own later
// answer (here a refusal: another writer made the change) reaches the ledger, which takes the money out again.
describe('accept-shown against the key it settles', () => {
  it("keeps asking the accepted key and shows the venue's refusal instead of an applied movement", async () => {
    // Our whole-stack cash-out of Carol is spent at the venue (504, outcome unknown) but not yet applied.
    const h = await harness({ faults: ['timeout-apply-later'], lateMs: 60_000 });
    // The venue's own cashier cashes Carol out: same kind, amount and stack. The table shows "applied", and the
    // cashier accepts what it shows.
    const key = await countedOnAnotherWritersEvent(h);
    // The host now takes our key: Carol has nothing left, so it refuses it. Our key never moved money.
    expect(
      await h.runUntil(
        () => h.host.log.some((entry) => entry.type === 'answer' && entry.key === key && entry.status === 200),
        400,
      ),
    ).toBe(true);
    expect(h.host.appliedCount(key)).toBe(0);
    expect(h.movement(key).state).not.toBe('applied');
    expect(h.cashier.snapshot().totals.moneyOut).toBe(0);
  });
});
