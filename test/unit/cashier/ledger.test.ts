import { describe, expect, it } from 'vitest';
import {
  appliedAmount,
  appliedDelta,
  csvCell,
  ledgerCsv,
  ledgerTotals,
  movementSlip,
} from '../../../main/core/cashier/index';
import type { Movement } from '../../../main/core/cashier/index';
import { T0, movementFixture } from '../../support/cashier-fixtures';

const applied = (overrides: Partial<Movement>): Movement =>
  movementFixture({
    state: 'applied',
    settlement: { at: T0 + 5, how: 'answered', body: null, refusal: null },
    ...overrides,
  });

describe('shift ledger', () => {
  it('sums applied deltas to the cent, never counting unsettled, refused or cancelled movements', () => {
    const movements = [
      applied({ key: 'mv-a-00001', amount: 0.1 }),
      applied({ key: 'mv-a-00002', amount: 0.2 }),
      applied({ key: 'mv-a-00003', action: 'cash-out', amount: 0.05 }),
      applied({
        key: 'mv-a-00004',
        action: 'cash-out',
        amount: null,
        settlement: { at: T0, how: 'replayed', body: { ok: true, amount: 12.34, delta: -12.34 }, refusal: null },
      }),
      movementFixture({ key: 'mv-a-00005', state: 'in-doubt' }),
      movementFixture({ key: 'mv-a-00006', state: 'refused' }),
      movementFixture({ key: 'mv-a-00007', state: 'cancelled' }),
      applied({ key: 'mv-a-00008', action: 'cash-out', amount: null, stackAtSend: null }),
    ];
    expect(ledgerTotals(movements)).toEqual({
      moneyIn: 0.3,
      moneyOut: 12.39,
      net: -12.09,
      applied: 5,
      refused: 1,
      cancelled: 1,
      unsettled: 1,
      inDoubt: 1,
      unknownAmounts: 1,
      flagged: 0,
    });
    expect(appliedDelta(movements[3] as Movement)).toBe(-12.34);
    expect(appliedDelta(movements[4] as Movement)).toBeNull();
  });

  it('adds ten thousand 0.1-chip buy-ins to exactly 1000 (whole cents, no float drift)', () => {
    const many = Array.from({ length: 10_000 }, (_, index) =>
      applied({ key: `mv-m-${String(index).padStart(6, '0')}`, amount: 0.1 }),
    );
    expect(ledgerTotals(many)).toMatchObject({ moneyIn: 1000, net: 1000 });
  });

  it(
    "reads a whole-stack cash-out's amount from the answer, else its event, " +
      'else the stack it left with; else "to confirm"',
    () => {
      const bare = { at: T0, how: 'answered' as const, body: { ok: true }, refusal: null };
      const event = {
        kind: 'cash_out' as const,
        seat_id: 1,
        player_id: 'p-alice',
        name: 'Alice',
        amount: 80,
        delta: -80,
        stack_before: 80,
        stack_after: 0,
        hand_number: 7,
        source: 'transaction',
        session_id: 's',
        observedAt: T0,
      };
      const whole = (overrides: Partial<Movement>) =>
        applied({ action: 'cash-out', amount: null, settlement: bare, ...overrides });
      expect(appliedAmount(whole({ settlement: { ...bare, body: { ok: true, amount: 75 } } }))).toEqual({
        delta: -75,
        source: 'answer',
      });
      expect(appliedAmount(whole({ settlement: { ...bare, claimedEvent: event } }))).toEqual({
        delta: -80,
        source: 'event',
      });
      expect(appliedAmount(whole({ stackAtSend: 64.5 }))).toEqual({ delta: -64.5, source: 'stack' });
      expect(appliedAmount(whole({ stackAtSend: null }))).toBeNull();
      const csv = ledgerCsv([whole({ key: 'mv-w-00001', stackAtSend: null })]);
      expect(csv).toContain('amount to confirm');
    },
  );

  it('exports RFC 4180 CSV and defuses spreadsheet formulas', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell(null)).toBe('');
    const csv = ledgerCsv([applied({ key: 'mv-a-00001', playerName: '=cmd|calc', message: 'said "hi", left' })]);
    const [header, row, end] = csv.split('\r\n');
    expect(header?.startsWith('created_at,idempotency_key,action,player_name')).toBe(true);
    expect(row).toContain(",'=cmd|calc,");
    expect(row).toContain('"said ""hi"", left"');
    expect(end).toBe('');
  });

  it('prints a slip only for a movement that definitely applied', () => {
    const slip = movementSlip(applied({ key: 'mv-a-00001', playerName: '<b>Al</b>', amount: 25 }), 'Demo Card Room');
    if (!slip.ok) throw new Error(slip.error);
    expect(slip.text).toContain('Buy-in');
    expect(slip.text).toContain('25.00');
    expect(slip.html).toContain('&lt;b&gt;Al&lt;/b&gt;');
    expect(slip.html).not.toContain('<b>Al');
    expect(movementSlip(movementFixture({ state: 'in-doubt' }))).toMatchObject({ ok: false });
    expect(movementSlip(applied({ flags: ['both-applied'] }))).toMatchObject({ ok: false });
  });
});
