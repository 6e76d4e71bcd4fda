/** Structural sharing of snapshots that crossed a process boundary: unchanged parts keep their identity. */
import { describe, expect, it } from 'vitest';
import { shareEqual } from '../../../preload/contract/share-equal';

const snapshot = (pot: number, ticker: readonly { id: string; text: string }[]) => ({
  version: pot,
  table: {
    pot,
    seats: [
      { seatId: 1, stack: 100 },
      { seatId: 2, stack: 50 },
    ],
  },
  ticker,
  cashier: { tray: [{ id: 'mv-1', status: 'applied' }], ledger: { entries: [] as unknown[] } },
});

describe('shareEqual', () => {
  it('keeps every unchanged section and seat, and replaces only what changed', () => {
    const before = snapshot(1, [{ id: 'a', text: 'A' }]);
    const after = shareEqual(
      before,
      JSON.parse(JSON.stringify(snapshot(2, [{ id: 'a', text: 'A' }]))) as typeof before,
    );
    expect(after).not.toBe(before);
    expect(after.table).not.toBe(before.table);
    expect(after.table.pot).toBe(2);
    expect(after.table.seats).toBe(before.table.seats);
    expect(after.ticker).toBe(before.ticker);
    expect(after.cashier).toBe(before.cashier);
  });

  it('matches list items by id, so a line added on top leaves the older lines identical', () => {
    const before = snapshot(1, [
      { id: 'a', text: 'A' },
      { id: 'b', text: 'B' },
    ]);
    const next = JSON.parse(
      JSON.stringify(
        snapshot(1, [
          { id: 'c', text: 'C' },
          { id: 'a', text: 'A' },
          { id: 'b', text: 'B' },
        ]),
      ),
    ) as typeof before;
    const after = shareEqual(before, next);
    expect(after.ticker).not.toBe(before.ticker);
    expect(after.ticker[1]).toBe(before.ticker[0]);
    expect(after.ticker[2]).toBe(before.ticker[1]);
    expect(after.ticker.map((line) => line.id)).toEqual(['c', 'a', 'b']);
    expect(after.table).toBe(before.table);
  });

  it('returns the new value whole when there is nothing to share, and notices removed keys', () => {
    expect(shareEqual(null, { a: 1 })).toEqual({ a: 1 });
    const before = { a: 1, b: 2 };
    const after = shareEqual(before, { a: 1 });
    expect(after).toEqual({ a: 1 });
    expect(after).not.toBe(before);
    expect(shareEqual([1, 2], [1, 2, 3])).toEqual([1, 2, 3]);
  });
});
