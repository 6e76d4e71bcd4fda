import { describe, expect, it } from 'vitest';
import { acceptedKey as accepted, harnessPerTest } from '../../support/cashier-harness';

const harness = harnessPerTest();

// Once the cashier accepts what the table shows, the key is still asked: the venue's own later
// answer (here a refusal: another writer made the change) reaches the ledger, which takes the money out again.
describe('accept-shown against the key it settles', () => {
  it("keeps asking the accepted key and shows the venue's refusal instead of an applied movement", async () => {
    // Our whole-stack cash-out of Carol is spent at the venue (504, outcome unknown) but not yet applied.
    const h = await harness({ faults: ['timeout-apply-later'], lateMs: 60_000 });
    const key = await accepted(h.cashier, { action: 'cash-out', playerName: 'Carol', amount: 80.5 });
    expect(await h.runUntil(() => h.movement(key).state === 'in-doubt')).toBe(true);
    // The venue's own cashier cashes Carol out: same kind, amount and stack. The table shows "applied".
    h.host.otherWriter('Carol', -80.5);
    h.pushTable();
    expect(await h.runUntil(() => h.movement(key).evidence?.verdict === 'applied')).toBe(true);
    const decided = await h.cashier.resolveInDoubt(key, 'accept-shown');
    expect(decided.ok).toBe(true);
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
