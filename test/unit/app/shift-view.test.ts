/** The cashier view's shift parts: the open shift's ledger only, its expected cash and close blocker, past shifts. */
import { describe, expect, it } from 'vitest';
import { ledgerTotals } from '../../../main/core/cashier/index';
import type { CashierSnapshot, Movement, MovementView, ShiftRecord } from '../../../main/core/cashier/index';
import { cashierView } from '../../../main/core/session/cashier-view';
import type { Cents } from '../../../main/core/venue/money';
import { T0, appliedEventFixture, movementFixture } from '../../support/cashier-fixtures';

const c = (value: number) => value as Cents;
const totals = { buyIns: c(5_000), cashOuts: c(0), applied: 1, refused: 0, cancelled: 0, toConfirm: 0, doubles: 0 };
const closedEarly: ShiftRecord = {
  id: 'shift-a',
  openedAt: T0,
  openedBy: 'auto',
  openingFloat: c(0),
  operator: null,
  close: {
    at: T0 + 10,
    counted: c(5_000),
    expected: c(5_000),
    variance: c(0),
    totals,
    denominations: null,
    note: null,
    closedBy: null,
  },
};
const closedLate: ShiftRecord = {
  id: 'shift-b',
  openedAt: T0 + 20,
  openedBy: 'cashier',
  openingFloat: c(100),
  operator: 'Ana',
  close: {
    at: T0 + 30,
    counted: c(150),
    expected: c(100),
    variance: c(50),
    totals,
    denominations: null,
    note: null,
    closedBy: null,
  },
};
const open: ShiftRecord = {
  id: 'shift-c',
  openedAt: T0 + 40,
  openedBy: 'cashier',
  openingFloat: c(10_050),
  operator: 'Ben',
  close: null,
};

const view = (movement: Movement, shiftId: string): MovementView => ({
  ...movement,
  shiftId,
  attemptCount: 0,
  withHostSince: null,
  cancelBlockedBy: null,
  sendAgainBlockedBy: null,
  unsavedAnswer: null,
});
const applied = (key: string, amount: number, action: Movement['action']): Movement =>
  movementFixture({
    key,
    amount,
    action,
    state: 'applied',
    settlement: { at: T0 + 50, how: 'answered', body: null, refusal: null },
  });

function snapshot(movements: MovementView[]): CashierSnapshot {
  return {
    version: 1,
    ready: true,
    access: 'ok',
    betweenHands: true,
    movements,
    totals: ledgerTotals(movements.filter((movement) => movement.shiftId === open.id)),
    recovery: { records: 0, skippedCorrupt: 0, invalidRecords: 0, droppedTailBytes: 0 },
    shifts: { current: open, all: [closedEarly, closedLate, open], damaged: 0, digests: {} },
    clockSteps: [],
    books: { damage: [], held: [] },
  };
}

describe('cashier view: when the venue applied a movement', () => {
  it("shows the venue's own time from the movement's event, beside when this app settled it", () => {
    const event = appliedEventFixture({ venueTs: (T0 - 68_000) / 1000 });
    const late = movementFixture({
      key: 'mv-late-00001',
      amount: 100,
      state: 'applied',
      settlement: { at: T0, how: 'answered', body: null, refusal: null, claimedEvent: event },
    });
    const [entry] = cashierView(snapshot([view(late, 'shift-c')]), T0 + 60, null).ledger.entries;
    expect(entry).toMatchObject({ at: T0, venueAt: T0 - 68_000 });
  });
});

describe('cashier view: shifts', () => {
  it("lists only the open shift's applied movements and expects float + buy-ins - cash-outs", () => {
    const built = cashierView(
      snapshot([
        view(applied('mv-old-00001', 70, 'buy-in'), 'shift-b'),
        view(applied('mv-new-00001', 30.25, 'buy-in'), 'shift-c'),
        view(applied('mv-new-00002', 10.1, 'cash-out'), 'shift-c'),
      ]),
      T0 + 60,
      null,
    );
    expect(built.ledger.entries.map((entry) => entry.id).sort()).toEqual(['mv-new-00001', 'mv-new-00002']);
    // Settled by their answers with no event seen: only the time this app settled them is known.
    expect(built.ledger.entries.map((entry) => [entry.at, entry.venueAt])).toEqual([
      [T0 + 50, null],
      [T0 + 50, null],
    ]);
    expect(built.ledger.totals).toMatchObject({ buyIns: 30.25, cashOuts: 10.1, count: 2 });
    expect(built.shifts.current).toMatchObject({
      id: 'shift-c',
      openingFloat: 100.5,
      expected: 120.65,
      closeBlockedBy: null,
    });
    expect(built.shifts.past.map((shift) => [shift.id, shift.variance])).toEqual([
      ['shift-b', 0.5],
      ['shift-a', 0],
    ]);
  });

  it('says before the count that a close carries a movement in doubt to the next shift, and does not block it', () => {
    const doubt = movementFixture({ key: 'mv-doubt-0001', state: 'in-doubt', playerName: 'Bob', amount: 45 });
    const built = cashierView(snapshot([view(doubt, 'shift-c')]), T0 + 60, null);
    expect(built.shifts.current?.closeBlockedBy).toBeNull();
    expect(built.shifts.current?.carriedAtClose).toContain('Bob, buy-in 45');
    expect(built.shifts.current?.carriedAtClose).toContain('carries it to the next shift');
  });

  it('still says why the shift cannot close while one of its movements is queued', () => {
    const queued = movementFixture({ key: 'mv-queue-0001', state: 'queued', playerName: 'Cy' });
    const built = cashierView(snapshot([view(queued, 'shift-c')]), T0 + 60, null);
    expect(built.shifts.current?.closeBlockedBy).toContain('Cy: queued, never sent');
    expect(built.shifts.current?.closeBlockedBy).toContain('cancel it in the tray');
    expect(built.shifts.current?.carriedAtClose).toBeNull();
  });
});
