/**
 * Issue 30: the PC's wall clock stepped back one hour while a buy-in was in the network (the venue applied it, the
 * answer was lost); an operator's seat edit then put the stack back. Every "after the intent" was a wall-clock
 * comparison, so the venue's event and the seat edit, stamped "before" the intent, were ignored and "send again"
 * applied a second buy-in. Here the cashier runs on its own clocks, as the app runs it, while Date steps.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TransactionApplied } from '../../../main/core/venue/index';
import { acceptedKey, harnessPerTest } from '../../support/cashier-harness';

const HOUR = 3_600_000;
const harness = harnessPerTest();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a wall clock step back while a buy-in is in doubt', () => {
  it.fails('never offers "send again" on the venue event and seat edit that came after the step', async () => {
    const h = await harness({ faults: ['timeout-applied-late'], lateMs: 100 * HOUR, systemClocks: true });
    const held: TransactionApplied[] = [];
    const feed = h.host.eventSink;
    h.host.eventSink = (payload) => held.push(payload);
    // The step falls while the buy-in is in the network: after its intent, before the venue says "outcome unknown".
    let stepped = false;
    h.host.beforeAnswer = () => {
      if (stepped) return;
      stepped = true;
      vi.setSystemTime(Date.now() - HOUR);
    };
    const key = await acceptedKey(h.cashier, { action: 'buy-in', playerName: 'Alice', amount: 100 });
    expect(await h.runUntil(() => h.movement(key).state === 'in-doubt', 300)).toBe(true);
    expect(h.host.appliedCount(key)).toBe(1);
    expect(stepped).toBe(true);

    h.host.eventSink = feed;
    for (const payload of held) feed?.(payload);
    h.pushTable();
    h.host.otherWriter('Alice', -100, { source: 'seat_edit' });
    h.pushTable();
    await h.settle();

    const pressed = h.cashier.resolveInDoubt(key, 'send-again');
    await h.runUntil(() => h.host.requests > 0 && h.cashier.isBusy() === false, 300);
    const result = await pressed;
    await h.settle();
    expect(result.ok).toBe(false);
    expect(h.movement(key).evidence?.verdict).not.toBe('not-applied');
    expect(h.cashier.snapshot().movements).toHaveLength(1);
    expect(h.host.ledger).toHaveLength(1);
  });
});
