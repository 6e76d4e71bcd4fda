import { describe, expect, it } from 'vitest';
import type { ShiftRecord, ShiftResult } from '../../../main/core/cashier/index';
import { acceptedKey, harnessPerTest, type Harness } from '../../support/cashier-harness';
import { closeShiftArgs, openShiftArgs } from '../../support/shift-args';

const harness = harnessPerTest();

function shiftOf(result: ShiftResult): ShiftRecord {
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result.shift;
}

/** A 70 buy-in for Alice whose answer is lost (504): in doubt until the venue applies it `lateMs` later. */
async function inDoubtBuyIn(h: Harness): Promise<string> {
  const key = await acceptedKey(h.cashier, { action: 'buy-in', playerName: 'Alice', amount: 70 });
  expect(await h.runUntil(() => h.movement(key).state === 'in-doubt')).toBe(true);
  return key;
}

describe('a close carries a movement in doubt to the next shift', () => {
  it('closes with it listed as carried, and the next shift counts it once the venue applies it', async () => {
    const h = await harness({ faults: ['timeout-apply-later'], lateMs: 3_600_000 });
    const key = await inDoubtBuyIn(h);
    const first = shiftOf(await h.cashier.closeShift(...closeShiftArgs(0)));
    expect(first.close?.carried?.map((item) => [item.key, item.playerName, item.amount, item.state])).toEqual([
      [key, 'Alice', 7_000, 'in-doubt'],
    ]);
    expect(first.close?.totals.buyIns).toBe(0);
    expect(first.close?.expected).toBe(0);
    await h.restart();
    const second = shiftOf(await h.cashier.openShift(...openShiftArgs(10, 'Bo')));
    expect(h.cashier.snapshot().totals.moneyIn).toBe(0);
    expect(await h.runUntil(() => h.movement(key).state === 'applied', 10_000)).toBe(true);
    await h.settle();
    expect(h.cashier.snapshot().totals.moneyIn).toBe(70);
    const closedSecond = shiftOf(await h.cashier.closeShift(...closeShiftArgs(80)));
    expect(closedSecond.id).toBe(second.id);
    expect(closedSecond.close?.totals.buyIns).toBe(7_000);
    expect(closedSecond.close?.variance).toBe(0);
    expect(closedSecond.close?.carried).toEqual([]);
    const firstAfter = h.cashier.snapshot().shifts.all.find((shift) => shift.id === first.id);
    // The closed shift's books are evidence: its figures after the carried movement settled are those of its close.
    const figures = (shift: ShiftRecord | undefined) => ({
      expected: shift?.close?.expected,
      buyIns: shift?.close?.totals.buyIns,
      applied: shift?.close?.totals.applied,
      carried: shift?.close?.carried,
    });
    expect(figures(firstAfter)).toEqual(figures(first));
  });

  it('books nothing in either shift when the venue then refuses the carried movement', async () => {
    const h = await harness({ faults: ['timeout-apply-later'], lateMs: 60_000 });
    const key = await acceptedKey(h.cashier, { action: 'cash-out', playerName: 'Carol', amount: 80.5 });
    expect(await h.runUntil(() => h.movement(key).state === 'in-doubt')).toBe(true);
    const first = shiftOf(await h.cashier.closeShift(...closeShiftArgs(0)));
    expect(first.close?.carried?.map((item) => [item.key, item.amount])).toEqual([[key, 8_050]]);
    shiftOf(await h.cashier.openShift(...openShiftArgs(20, 'Bo')));
    // The venue's own cashier pays Carol out meanwhile: when the host takes our key she has nothing left.
    h.host.otherWriter('Carol', -80.5);
    h.pushTable();
    expect(await h.runUntil(() => h.movement(key).state === 'refused', 400)).toBe(true);
    await h.settle();
    expect(h.cashier.snapshot().totals.moneyOut).toBe(0);
    const second = shiftOf(await h.cashier.closeShift(...closeShiftArgs(20)));
    expect([second.close?.totals.cashOuts, second.close?.totals.refused, second.close?.variance]).toEqual([0, 1, 0]);
    expect(h.cashier.snapshot().shifts.all.find((shift) => shift.id === first.id)?.close?.totals.cashOuts).toBe(0);
  });
});
