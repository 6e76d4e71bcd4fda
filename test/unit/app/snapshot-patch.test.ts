import { describe, expect, it } from 'vitest';
import type { SessionSnapshot } from '../../../preload/contract';
import { applySnapshotPatch, snapshotPatch, type SnapshotPatch } from '../../../preload/contract/snapshot-patch';

interface Shape {
  table: { pot: number; seats: { seatId: number; stack: number }[]; board: string[] };
  ticker: { id: string; text: string }[];
  cashier: { ledger: { entries: { id: string }[] } };
}

function snapshot(version: number, shape: Shape, epoch = 'e1'): SessionSnapshot {
  return { version, epoch, at: 1000 + version, ...shape } as unknown as SessionSnapshot;
}

const seats = (...stacks: number[]) => stacks.map((stack, index) => ({ seatId: index + 1, stack }));
const base: Shape = { table: { pot: 10, seats: seats(200, 200, 200), board: [] }, ticker: [{ id: 't1', text: 'Hand #1 starts' }], cashier: { ledger: { entries: [{ id: 'm1' }] } } };

/** Sends the patch through JSON as the socket does and applies it to a JSON copy of `from`. */
function roundTrip(from: SessionSnapshot, to: SessionSnapshot): { patch: SnapshotPatch; received: SessionSnapshot; rebuilt: SessionSnapshot | null } {
  const patch = snapshotPatch(from, to);
  if (patch === null) throw new Error('expected a patch');
  const received = JSON.parse(JSON.stringify(from)) as SessionSnapshot;
  return { patch, received, rebuilt: applySnapshotPatch(received, JSON.parse(JSON.stringify(patch)) as SnapshotPatch) };
}

describe('snapshot patches', () => {
  it('carry only the changed fields (a bet: the pot and one seat) and rebuild the next snapshot exactly', () => {
    const first = snapshot(1, base);
    const second = snapshot(2, { ...base, table: { ...base.table, pot: 30, seats: [base.table.seats[0]!, { seatId: 2, stack: 180 }, base.table.seats[2]!] } });
    const { patch, received, rebuilt } = roundTrip(first, second);
    expect(patch.sections).toEqual({ table: { o: { pot: { r: 30 }, seats: { a: { 1: { o: { stack: { r: 180 } } } }, n: 3 } } } });
    expect(rebuilt).toEqual(second);
    // Everything the patch did not touch is the receiver's own object: memoized screens skip it.
    expect(rebuilt?.cashier).toBe(received.cashier);
    expect(rebuilt?.table?.seats[0]).toBe(received.table?.seats[0]);
    expect(rebuilt?.table?.board).toBe(received.table?.board);
  });

  it('send a list whole when its lines moved (a ticker line on top), keeping the unchanged lines as they were', () => {
    const first = snapshot(1, base);
    const second = snapshot(2, { ...base, ticker: [{ id: 't2', text: 'Seat 2 bets' }, ...base.ticker] });
    const { patch, received, rebuilt } = roundTrip(first, second);
    expect(patch.sections).toEqual({ ticker: { r: second.ticker } });
    expect(rebuilt).toEqual(second);
    expect(rebuilt?.ticker[1]).toBe(received.ticker[0]);
  });

  it('handle lists that grow or shrink and values that change type', () => {
    const first = snapshot(1, { ...base, table: { ...base.table, board: ['Ah', 'Kd', '7c'] } });
    const second = snapshot(2, { ...base, table: { ...base.table, board: ['Ah', 'Kd', '7c', '2s'], seats: seats(200, 200) } });
    const third = { ...second, table: null } as SessionSnapshot;
    const grown = roundTrip(first, second);
    expect(grown.rebuilt).toEqual(second);
    expect(roundTrip(second, first).rebuilt).toEqual(first);
    expect(roundTrip(second, third).rebuilt).toEqual(third);
    expect(roundTrip(third, second).rebuilt).toEqual(second);
  });

  it('are empty when nothing changed, even if main rebuilt equal objects', () => {
    const patch = snapshotPatch(snapshot(1, base), snapshot(2, JSON.parse(JSON.stringify(base)) as Shape));
    expect(patch?.sections).toEqual({});
  });

  it('refuse to apply on top of another version or epoch, with nothing received, or when they do not fit', () => {
    const first = snapshot(1, base);
    const patch = snapshotPatch(first, snapshot(2, { ...base, table: { ...base.table, pot: 11 } }));
    if (patch === null) throw new Error('expected a patch');
    expect(applySnapshotPatch(null, patch)).toBeNull();
    expect(applySnapshotPatch(snapshot(3, base), patch)).toBeNull();
    expect(applySnapshotPatch(snapshot(1, base, 'e2'), patch)).toBeNull();
    expect(applySnapshotPatch({ ...first, table: null } as SessionSnapshot, patch)).toBeNull();
    const outside: SnapshotPatch = { ...patch, sections: { ticker: { a: { 5: { r: 1 } }, n: 1 } } };
    expect(applySnapshotPatch(first, outside)).toBeNull();
  });

  it('need a whole snapshot across epochs (main restarted)', () => {
    expect(snapshotPatch(snapshot(7, base), snapshot(1, base, 'e2'))).toBeNull();
  });
});
