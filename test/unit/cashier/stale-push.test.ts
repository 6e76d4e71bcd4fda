/**
 * The host's 200 and the live stream's transaction_applied travel separately: the answer can arrive first. Until the
 * event arrives, the live table still shows the player's stack from before that application, and every live change
 * meanwhile (another seat's action, a status change) pushes that same stale stack to the cashier. Such a push must
 * not be taken for a view that shows the application: a later movement of the same player would leave with the old
 * stack as its stack at send, and a fresh reading of the true stack would then read as that movement applying.
 */
import { describe, expect, it } from 'vitest';
import { acceptedKey as accepted, harnessPerTest } from '../../support/cashier-harness';

const harness = harnessPerTest();

describe('a pushed view that still lacks an answered application', () => {
  it('is never the stack a later movement of that player leaves with', async () => {
    const h = await harness({ faults: ['ok', 'timeout-never'], feedEvents: false });
    const before = h.host.table();
    const first = await accepted(h.cashier, { action: 'cash-out', playerName: 'Bob', amount: 20 });
    expect(await h.runUntil(() => h.movement(first).state === 'applied')).toBe(true);
    // Alice acts: the live table is pushed again, data newer than the answer, Bob's transaction_applied not in yet.
    h.cashier.observeTable({ ...before, source: 'event', receivedAt: h.clock.now() });
    const second = await accepted(h.cashier, {
      action: 'cash-out',
      playerName: 'Bob',
      amount: 20,
      confirmSecond: true,
    });
    expect(await h.runUntil(() => h.movement(second).state === 'in-doubt', 300)).toBe(true);
    await h.settle();
    // The host never applied the second cash-out: Bob keeps 230 in chips. Paying him 20 in cash again would be a loss.
    expect(h.host.ledger.map((entry) => entry.key)).toEqual([first]);
    expect(h.movement(second).state).toBe('in-doubt');
    expect(h.movement(second).stackAtSend).toBeNull();
    expect(h.movement(second).evidence?.verdict).toBe('inconclusive');
  });
});
