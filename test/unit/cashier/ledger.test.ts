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
import { localDateTime } from '../../../preload/contract/local-time';
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

  const slipContext = { venueName: 'Demo Card Room', tableName: 'Table 1', mode: 'bb', operator: 'Ana' } as const;
  const rowsOf = (result: ReturnType<typeof movementSlip>): Record<string, string> => {
    if (!result.ok) throw new Error(result.error);
    return Object.fromEntries(result.slip.rows.map((row) => [row.label, row.value]));
  };

  it('prints a slip only for a movement that definitely applied', () => {
    expect(movementSlip(movementFixture({ state: 'in-doubt' }), slipContext)).toMatchObject({ ok: false });
    expect(movementSlip(applied({ flags: ['both-applied'] }), slipContext)).toMatchObject({ ok: false });
    expect(movementSlip(applied({ flags: ['misdirected'] }), slipContext)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/another seat/),
    });
  });

  it('words a cage slip: table, player, seat, kind, amount in its unit, stack after, ref, operator, times', () => {
    const event = {
      kind: 'buy_in' as const,
      seat_id: 3,
      player_id: null,
      name: 'Al',
      amount: 1250,
      delta: 1250,
      stack_before: 100,
      stack_after: 1350,
      hand_number: 7,
      source: 'transaction',
      session_id: 's1',
      observedAt: T0 + 4,
      venueTs: (T0 - 68_000) / 1000,
    };
    const movement = applied({
      key: 'mv-slip-abcdef1234567890',
      playerName: 'Al',
      seatId: 3,
      amount: 1250,
      settlement: { at: T0 + 5, how: 'answered', body: { ok: true }, refusal: null, claimedEvent: event },
    });
    const result = movementSlip(movement, slipContext);
    const rows = rowsOf(result);
    expect(rows).toMatchObject({
      Table: 'Table 1',
      Player: 'Al',
      Seat: '3',
      Kind: 'Buy-in',
      Amount: '1,250 chips',
      'Stack after': '1,350 chips',
      Reference: '…34567890',
      Operator: 'Ana',
      'Venue applied': localDateTime(T0 - 68_000),
      'Settled here': localDateTime(T0 + 5),
    });
    if (!result.ok) throw new Error(result.error);
    expect(result.slip.title).toBe('Buy-in slip');
    expect(result.slip.text).not.toContain(movement.key);
    expect(result.slip.text).toContain("Player's signature");
    expect(rowsOf(movementSlip(movement, { ...slipContext, mode: 'dollars' })).Amount).toBe('$1,250.00');
  });

  it('prints no amount and no stack on a slip in hidden mode, nor while the mode is unknown', () => {
    const movement = applied({ key: 'mv-hide-0000000001', amount: 777 });
    for (const mode of ['hidden', null] as const) {
      const result = movementSlip(movement, { ...slipContext, mode });
      if (!result.ok) throw new Error(result.error);
      expect(result.slip.text).not.toMatch(/777/);
      expect(rowsOf(result)['Stack after']).toBeUndefined();
      expect(rowsOf(result).Amount).toContain('not printed');
    }
  });
});
