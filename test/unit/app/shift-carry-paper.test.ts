/** The paper of a shift that carried a movement in doubt, and of the shift that booked it when it settled. */
import { describe, expect, it } from 'vitest';
import { shiftSummaryText } from '../../../main/core/cashier/index';
import type { Movement, ShiftRecord } from '../../../main/core/cashier/index';
import { exceptionLines, shiftSummary, summaryMovements } from '../../../main/core/session/shift-view';
import type { Cents } from '../../../main/core/venue/money';
import { localDateTime } from '../../../preload/contract/local-time';
import { T0, movementFixture } from '../../support/cashier-fixtures';

const c = (value: number) => value as Cents;
const KEY = 'mv-carried-7f3a9c21';
const totals = { buyIns: c(0), cashOuts: c(0), applied: 0, refused: 0, cancelled: 0, toConfirm: 0, doubles: 0 };
const carrying: ShiftRecord = {
  id: 'shift-one',
  openedAt: T0,
  openedBy: 'cashier',
  openingFloat: c(0),
  operator: 'Ana',
  close: {
    at: T0 + 10,
    counted: c(0),
    expected: c(0),
    variance: c(0),
    totals,
    denominations: null,
    note: null,
    closedBy: 'Ana',
    carried: [{ key: KEY, playerName: 'Dora', action: 'cash-out', amount: c(6_325), state: 'in-doubt' }],
  },
};
const booking: ShiftRecord = {
  id: 'shift-two',
  openedAt: T0 + 20,
  openedBy: 'cashier',
  openingFloat: c(1_000),
  operator: 'Ben',
  close: null,
};
const SETTLED_WALL = T0 + 5_000_000;
const settled = (state: 'applied' | 'refused'): Movement =>
  movementFixture({
    key: KEY,
    action: 'cash-out',
    playerName: 'Dora',
    amount: 63.25,
    state,
    shiftId: 'shift-one',
    settlement: { at: T0 + 30, how: 'answered', body: null, refusal: null },
    wall: { createdAt: T0 + 1, settledAt: SETTLED_WALL },
  });

describe('paper of a close that carried a movement in doubt', () => {
  it('lists it on the closed shift as an open exception with amount, player, reference and state', () => {
    const summary = shiftSummary(carrying);
    expect(summary.carried).toEqual([
      { reference: '…7f3a9c21', kind: 'cash_out', playerName: 'Dora', amount: 63.25, state: 'outcome unknown' },
    ]);
    const lines = exceptionLines(carrying, [], [carrying, booking]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('Carried to the next shift, still in doubt: Dora cash-out 63.25');
    expect(lines[0]).toContain('…7f3a9c21');
    const text = shiftSummaryText(carrying, 'Venue', 'chips', lines);
    expect(text.split('\n').filter((line) => line.startsWith('Exception'))).toHaveLength(1);
  });

  it.each([
    ['applied', 'settled applied', 'counted in this shift'],
    ['refused', 'settled refused', 'no cash moved'],
  ] as const)('says on the next shift where it came from once the venue answers %s', (state, how, counted) => {
    const movement = settled(state);
    const [row] = summaryMovements(booking, [movement], [carrying, booking]);
    expect(row?.exception).toBe(`Carried from shift shift-one, ${how} at ${localDateTime(SETTLED_WALL)}: ${counted}`);
    expect(exceptionLines(booking, [movement], [carrying, booking])).toEqual([row?.exception]);
    // The closed shift's own paper never gains it: its close carried it out.
    expect(summaryMovements(carrying, [], [carrying, booking])).toEqual([]);
  });
});
