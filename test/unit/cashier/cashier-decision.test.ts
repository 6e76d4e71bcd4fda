import { describe, expect, it } from 'vitest';
import { ledgerCsv } from '../../../main/core/cashier/ledger';
import { localClock } from '../../../preload/contract/local-time';
import type { ShiftResult } from '../../../main/core/cashier/index';
import type { Movement } from '../../../main/core/cashier/types';
import { closeShiftArgs, openShiftArgs } from '../../support/shift-args';
import {
  HARNESS_OPERATOR,
  acceptedKey as accepted,
  countedOnAnotherWritersEvent,
  harnessPerTest,
  type Harness,
} from '../../support/cashier-harness';

const harness = harnessPerTest();

/** How many answers the venue gave to this key so far (each one an attempt with that key). */
const answersTo = (h: Harness, key: string): number =>
  h.host.log.filter((entry) => entry.type === 'answer' && entry.key === key).length;

describe("a cashier's decision never ends the questions", () => {
  it('keeps when the cashier decided on the wall clock for people, and on the order clock for decisions', async () => {
    const h = await harness({ faults: ['timeout-never'] });
    // The PC's clock is stepped back an hour: the decision's time of day is the wall clock's, its order time is not.
    h.clock.stepWall(-3_600_000);
    const key = await countedOnAnotherWritersEvent(h);
    const decision = h.movement(key).decision;
    expect(decision?.at).toBe(h.clock.now());
    expect(decision?.wallAt).toBe(h.clock.wall());
    expect(decision?.wallAt).toBe(h.clock.now() - 3_600_000);
    expect(h.movement(key).message).toContain(`(${HARNESS_OPERATOR}, ${localClock(h.clock.wall())})`);
  });

  it("counts an accepted movement in the drawer as an exception, as the cashier's, and keeps asking", async () => {
    const h = await harness({ faults: ['timeout-never'] });
    const key = await countedOnAnotherWritersEvent(h);
    const counted = h.movement(key);
    expect(counted.state).toBe('in-doubt');
    expect(counted.settlement).toBeNull();
    expect(counted.decision?.choice).toBe('accept-shown');
    expect(counted.decision?.by).toBe(HARNESS_OPERATOR);
    expect(counted.decision?.at).toBe(h.clock.now());
    expect(counted.message).toMatch(/^Counted as applied by the cashier \(Test cashier, .*still asking the venue/);
    // In the drawer, but never a clean entry.
    const totals = h.cashier.snapshot().totals;
    expect(totals.moneyOut).toBe(80.5);
    expect(totals.flagged).toBe(1);
    expect(totals.applied).toBe(0);
    // The key is still asked, with backoff, as long as the venue has no answer.
    const before = answersTo(h, key);
    expect(await h.runUntil(() => answersTo(h, key) >= before + 3, 400)).toBe(true);
    expect(h.movement(key).state).toBe('in-doubt');
    // A count is not undone by "leave in doubt", nor replaced by a new key.
    expect((await h.cashier.resolveInDoubt(key, 'leave')).ok).toBe(false);
    expect((await h.cashier.resolveInDoubt(key, 'send-again')).ok).toBe(false);
    // Journaled: after a restart it is still the cashier's count, and its key is asked again.
    await h.restart();
    expect(h.movement(key).decision).toEqual(counted.decision);
    const afterRestart = answersTo(h, key);
    expect(await h.runUntil(() => answersTo(h, key) > afterRestart, 400)).toBe(true);
    expect(h.cashier.snapshot().totals.moneyOut).toBe(80.5);
  });

  it('turns a count the venue then refuses into a contradiction: out of the drawer, with the correction', async () => {
    const h = await harness({ faults: ['timeout-apply-later'], lateMs: 60_000 });
    const key = await countedOnAnotherWritersEvent(h);
    expect(h.cashier.snapshot().totals.moneyOut).toBe(80.5);
    // Carol has nothing left when the host takes our key: it refuses it.
    expect(await h.runUntil(() => h.movement(key).state === 'refused', 400)).toBe(true);
    const refused: Movement = h.movement(key);
    expect(refused.flags).toContain('counted-not-applied');
    expect(refused.message).toMatch(/the venue says NOT applied/);
    expect(refused.message).toMatch(/collect 80\.5 back from Carol/);
    const totals = h.cashier.snapshot().totals;
    expect(totals.moneyOut).toBe(0);
    expect(totals.flagged).toBe(1);
    const csv = ledgerCsv([refused]);
    expect(csv).toMatch(/counted as applied by the cashier \(Test cashier, /);
    expect(csv).toMatch(/collect 80\.5 back from Carol/);
  });

  it('books the correction in the shift open when the refusal arrives, after the counting shift closed', async () => {
    const h = await harness({ faults: ['timeout-apply-later'], lateMs: 60_000 });
    const key = await countedOnAnotherWritersEvent(h);
    // The count is in the drawer: the shift closes on it (the cashier paid 80.5 out of a float of 0).
    const closed: ShiftResult = await h.cashier.closeShift(...closeShiftArgs(0));
    if (!closed.ok) throw new Error(closed.reason);
    expect(closed.shift.close?.expected).toBe(-8050);
    const next: ShiftResult = await h.cashier.openShift(...openShiftArgs(100, 'Bea'));
    if (!next.ok) throw new Error(next.reason);
    expect(await h.runUntil(() => h.movement(key).state === 'refused', 400)).toBe(true);
    const refused = h.movement(key);
    expect(refused.flags).toContain('counted-not-applied');
    expect(refused.decision?.correctedInShift).toBe(next.shift.id);
    // The closed shift keeps the figures it closed on; the open one expects the 80.5 back from Carol.
    expect(h.cashier.snapshot().shifts.all.find((shift) => shift.id === closed.shift.id)?.close?.expected).toBe(-8050);
    expect(h.cashier.snapshot().totals.moneyOut).toBe(-80.5);
    expect(h.cashier.snapshot().totals.flagged).toBe(1);
    const closedNext: ShiftResult = await h.cashier.closeShift(...closeShiftArgs(180.5));
    if (!closedNext.ok) throw new Error(closedNext.reason);
    expect(closedNext.shift.close?.expected).toBe(18050);
    expect(closedNext.shift.close?.variance).toBe(0);
  });

  it('restarts in the middle and still turns the late refusal into a contradiction', async () => {
    const h = await harness({ faults: ['timeout-apply-later'], lateMs: 60_000 });
    const key = await countedOnAnotherWritersEvent(h);
    await h.restart();
    expect(h.movement(key).decision?.choice).toBe('accept-shown');
    expect(h.cashier.snapshot().totals.moneyOut).toBe(80.5);
    expect(await h.runUntil(() => h.movement(key).state === 'refused', 400)).toBe(true);
    expect(h.movement(key).flags).toContain('counted-not-applied');
    expect(h.cashier.snapshot().totals.moneyOut).toBe(0);
  });

  it("confirms a count by the key's own answer when the venue applies it", async () => {
    // Bob's buy-in is spent (504) and applies later; the venue's own cashier tops him up by the same amount first.
    const h = await harness({ faults: ['timeout-apply-later'], lateMs: 60_000 });
    const key = await accepted(h.cashier, { action: 'buy-in', playerName: 'Bob', amount: 40 });
    expect(await h.runUntil(() => h.movement(key).state === 'in-doubt')).toBe(true);
    h.host.otherWriter('Bob', 40);
    h.pushTable();
    expect(await h.runUntil(() => h.movement(key).evidence?.verdict === 'applied')).toBe(true);
    expect((await h.cashier.resolveInDoubt(key, 'accept-shown')).ok).toBe(true);
    expect(await h.runUntil(() => h.movement(key).state === 'applied', 400)).toBe(true);
    const applied = h.movement(key);
    expect(['answered', 'replayed']).toContain(applied.settlement?.how);
    expect(applied.flags).not.toContain('counted-not-applied');
    expect(applied.decision?.choice).toBe('accept-shown');
    expect(applied.message).toMatch(/The venue confirmed the cashier's count \(Test cashier, /);
    expect(h.cashier.snapshot().totals.moneyIn).toBe(40);
  });

  it('settles a movement left in doubt by the answer, with who left it', async () => {
    const h = await harness({ faults: ['timeout-apply-later'], lateMs: 60_000 });
    const key = await accepted(h.cashier, { action: 'buy-in', playerName: 'Bob', amount: 40 });
    expect(await h.runUntil(() => h.movement(key).state === 'in-doubt')).toBe(true);
    expect((await h.cashier.resolveInDoubt(key, 'leave')).ok).toBe(true);
    expect(h.movement(key).decision).toMatchObject({ choice: 'leave', by: HARNESS_OPERATOR });
    expect(await h.runUntil(() => h.movement(key).state === 'applied', 400)).toBe(true);
    expect(['answered', 'replayed']).toContain(h.movement(key).settlement?.how);
    expect(h.movement(key).decision?.choice).toBe('leave');
    expect(h.cashier.snapshot().totals.moneyIn).toBe(40);
  });
});
