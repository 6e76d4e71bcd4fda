/**
 * The PC's wall clock stepped back one hour while a buy-in was in the network (the venue applied it, the
 * answer was lost); an operator's seat edit then put the stack back. Every "after the intent" was a wall-clock
 * comparison, so the venue's event and the seat edit, stamped "before" the intent, were ignored and "send again"
 * applied a second buy-in. Here the cashier runs on its own clocks, as the app runs it, while Date steps.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ledgerCsv } from '../../../main/core/cashier/index';
import { openShiftLog } from '../../../main/core/cashier/shift-log';
import { cashierView } from '../../../main/core/session/cashier-view';
import { createOrderClock, processOrderClock, type TransactionApplied } from '../../../main/core/venue/index';
import { localIso } from '../../../preload/contract/local-time';
import { stampWall, wallTimes } from '../../../main/core/cashier/wall-stamps';
import { acceptedKey, harnessPerTest, type Harness } from '../../support/cashier-harness';
import { movementFixture } from '../../support/cashier-fixtures';

const HOUR = 3_600_000;
const harness = harnessPerTest();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a wall clock step back while a buy-in is in doubt', () => {
  it('never offers "send again" on the venue event and seat edit that came after the step', async () => {
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

    let answered = false;
    const pressed = h.cashier.resolveInDoubt(key, 'send-again').finally(() => {
      answered = true;
    });
    expect(await h.runUntil(() => answered, 300)).toBe(true);
    const result = await pressed;
    await h.settle();
    expect(result.ok).toBe(false);
    expect(h.movement(key).evidence?.verdict).not.toBe('not-applied');
    expect(h.cashier.snapshot().movements).toHaveLength(1);
    expect(h.host.ledger).toHaveLength(1);
    // Said once, plainly, on screen; nothing else changed.
    expect(h.cashier.snapshot().clockSteps.map((step) => Math.round(step.by / 60_000))).toEqual([-60]);
  });
});

/** Applies a buy-in of `amount` for `playerName` on the harness clock; its key. */
async function applied(h: Harness, playerName: string, amount: number): Promise<string> {
  const key = await acceptedKey(h.cashier, { action: 'buy-in', playerName, amount });
  expect(await h.runUntil(() => h.movement(key).state === 'applied', 300)).toBe(true);
  return key;
}

describe('order and wall times after a step', () => {
  it('a restart after a step back orders new movements after old ones; people read the wall times', async () => {
    // Each open is a new process: its order clock starts again from the (stepped) wall clock.
    const h = await harness({ systemClocks: true, orderClock: () => createOrderClock() });
    const first = await applied(h, 'Alice', 10);
    const firstWall = Date.now();
    vi.setSystemTime(firstWall - HOUR);
    await h.restart();
    const second = await applied(h, 'Bob', 20);
    const snapshot = h.cashier.snapshot();
    const [older, newer] = [first, second].map((key) => snapshot.movements.find((m) => m.key === key));
    expect(newer?.createdAt).toBeGreaterThan(older?.createdAt ?? Infinity);
    const tray = cashierView(snapshot, newer?.updatedAt ?? 0, null).tray.map((movement) => movement.id);
    expect(tray).toEqual([second, first]);
    // The screens, the slip and the CSV show the wall clock as it read, never an order time.
    expect(newer?.wall?.createdAt).toBeLessThan(older?.wall?.createdAt ?? -Infinity);
    const csv = ledgerCsv(snapshot.movements);
    expect(csv).toContain(localIso(newer?.wall?.settledAt ?? 0));
    expect(csv).not.toContain(localIso(newer?.settlement?.at ?? 0));
    // The open saw the journal ahead of the wall clock: a step back, said and logged.
    expect(snapshot.clockSteps.map((step) => Math.round(step.by / 60_000))).toEqual([-60]);
    await h.settle();
    await h.cashier.close();
    const log = await openShiftLog(h.dataDir);
    expect(log.clockSteps.map((step) => Math.round(step.by / 60_000))).toEqual([-60]);
    expect(log.damaged).toBe(0);
    await log.close();
    await h.restart();
  });

  it('in one process, a step back or forward changes no order: the process clock only moves on', async () => {
    const h = await harness({ systemClocks: true });
    const keys: string[] = [];
    for (const [index, step] of [-HOUR, 24 * HOUR, -30_000, -24 * HOUR].entries()) {
      keys.push(await applied(h, ['Alice', 'Bob', 'Carol', 'Alice'][index] ?? 'Alice', 10 + index));
      const before = processOrderClock.now();
      vi.setSystemTime(Date.now() + step);
      expect(processOrderClock.now()).toBeGreaterThanOrEqual(before);
    }
    const movements = h.cashier.snapshot().movements;
    const created = keys.map((key) => movements.find((m) => m.key === key)?.createdAt ?? NaN);
    expect(created).toEqual([...created].sort((a, b) => a - b));
    expect(new Set(created).size).toBe(created.length);
  });
});

describe('journals written before wall stamps', () => {
  it('read their times as both, and keep them as the wall times when the movement changes', () => {
    const old = movementFixture({
      createdAt: 1_000,
      updatedAt: 2_000,
      state: 'applied',
      settlement: { at: 2_000, how: 'answered', body: null, refusal: null },
    });
    expect(old.wall).toBeUndefined();
    expect(wallTimes(old)).toEqual({ createdAt: 1_000, settledAt: 2_000 });
    const next = stampWall(old, { ...old, updatedAt: 9_000 }, 5_000_000);
    expect(next.wall).toEqual({ createdAt: 1_000, settledAt: 2_000 });
    const fresh = stampWall(undefined, movementFixture({ createdAt: 7, settlement: null }), 123);
    expect(fresh.wall).toEqual({ createdAt: 123, settledAt: null });
  });
});
