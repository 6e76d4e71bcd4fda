/**
 * A shift's export as files a spreadsheet opens cleanly: each file one table (its header the first line and never
 * again, no blank or title line), and every time cell in one format: ISO 8601 with the PC's local offset, never `Z`.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { carriedCsv } from '../../../main/core/cashier/carried-csv';
import { ledgerCsv } from '../../../main/core/cashier/ledger';
import type { Cents } from '../../../main/core/venue/money';
import { reconcile } from '../../../main/core/cashier/reconcile/match';
import { reconciliationCsv } from '../../../main/core/cashier/reconcile/report';
import { T0, movementFixture, otherWriterTopUpFixture } from '../../support/cashier-fixtures';

/** The one time format of the export: local time with its offset, milliseconds always written. */
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[+-]\d{2}:\d{2}$/;

const ZONES = ['UTC', 'Europe/Paris', 'Asia/Kolkata', 'America/St_Johns'] as const;
const zoneBefore = process.env.TZ;
afterEach(() => {
  if (zoneBefore === undefined) delete process.env.TZ;
  else process.env.TZ = zoneBefore;
});

const topUp = otherWriterTopUpFixture();

const lost = movementFixture({
  key: 'mv-lost-00001',
  state: 'applied',
  mayHaveReachedHost: true,
  settlement: { at: T0 + 10, how: 'answered', body: { ok: true }, refusal: null },
});

function reconciliationFile(hideAmounts: boolean): string {
  const result = reconcile({
    movements: [lost],
    ledger: {
      events: [topUp],
      gaps: [
        { from: 0, to: T0 - 5_000, reason: 'not-watched' },
        { from: T0 + 60_000, to: T0 + 70_000, reason: 'buffer-evicted' },
      ],
      watchingSince: T0 - 5_000,
    },
    span: { from: T0 - 1_000, to: T0 + 100_000 },
    now: T0 + 100_000,
  });
  return reconciliationCsv(result, [lost], hideAmounts);
}

/** Rows of a CSV without quoted commas (these fixtures have none in time columns). */
function table(csv: string): { header: string[]; rows: string[][] } {
  expect(csv.endsWith('\r\n')).toBe(true);
  const [header = '', ...rows] = csv.slice(0, -2).split('\r\n');
  return { header: header.split(','), rows: rows.map((line) => line.split(',')) };
}

/** Every line but the first differs from the header, none is blank, and each time column's cell is ISO with offset. */
function expectOneTable(csv: string, timeColumns: readonly string[]): void {
  const lines = csv.slice(0, -2).split('\r\n');
  expect(lines.filter((line) => line === lines[0])).toHaveLength(1);
  expect(lines.filter((line) => line.trim() === '')).toEqual([]);
  const { header, rows } = table(csv);
  for (const column of timeColumns) {
    const index = header.indexOf(column);
    expect(index, `column ${column}`).toBeGreaterThanOrEqual(0);
    for (const row of rows) {
      const cell = row[index] ?? '';
      if (cell !== '') expect(cell).toMatch(ISO_WITH_OFFSET);
    }
  }
}

describe('the shift export, one table per file', () => {
  it.each(ZONES)('writes the reconciliation as one table with local-offset times (%s)', (zone) => {
    process.env.TZ = zone;
    for (const hideAmounts of [false, true]) {
      const csv = reconciliationFile(hideAmounts);
      expect(csv.split('\r\n')[0]).toMatch(/^section,at,/);
      expectOneTable(csv, ['at']);
      expect(csv).not.toMatch(/\d{2}:\d{2}:\d{2}(\.\d+)?Z/);
    }
  });

  it.each(ZONES)('writes the movements with local-offset times in every time column (%s)', (zone) => {
    process.env.TZ = zone;
    const csv = ledgerCsv([lost], { hideAmounts: false });
    expectOneTable(csv, ['created_at', 'settled_at', 'venue_applied_at']);
    const { header, rows } = table(csv);
    // The instant is kept exactly: the local text parses back to the same millisecond.
    expect(Date.parse(rows[0]?.[header.indexOf('settled_at')] ?? '')).toBe(T0 + 10);
  });
});

describe("a closed shift's carried items, a file of their own", () => {
  const closed = {
    id: 'shift-2026-11-29-ab12cd34',
    close: {
      at: T0 + 3_600_000,
      carried: [
        { key: 'mv-doubt-00001', playerName: '=Ava', action: 'buy-in', amount: 12_550 as Cents, state: 'in-doubt' },
        { key: 'mv-doubt-00002', playerName: 'Bo', action: 'cash-out', amount: null, state: 'in-doubt' },
      ],
    },
  } as const;

  it.each(ZONES)('lists each item once, amounts in the drawer unit, the close time with its offset (%s)', (zone) => {
    process.env.TZ = zone;
    const csv = carriedCsv(closed, { hideAmounts: false, unit: 'dollars' }) ?? '';
    expectOneTable(csv, ['closed_at']);
    const { header, rows } = table(csv);
    expect(header).toEqual([
      'shift_id',
      'closed_at',
      'idempotency_key',
      'action',
      'player_name',
      'amount_asked_dollars',
      'amount_note',
      'state_at_close',
    ]);
    expect(rows.map((row) => row[header.indexOf('idempotency_key')])).toEqual(['mv-doubt-00001', 'mv-doubt-00002']);
    expect(rows[0]?.[header.indexOf('amount_asked_dollars')]).toBe('125.5');
    // Formula-safe: a name a spreadsheet would run is written as text.
    expect(rows[0]?.[header.indexOf('player_name')]).toBe("'=Ava");
    expect(rows[1]?.[header.indexOf('amount_note')]).toBe('whole stack');
    expect(Date.parse(rows[0]?.[header.indexOf('closed_at')] ?? '')).toBe(T0 + 3_600_000);
  });

  it('leaves the amount column out when the venue hides money, and writes no file when nothing was carried', () => {
    const hidden = carriedCsv(closed, { hideAmounts: true, unit: 'chips' }) ?? '';
    expect(table(hidden).header).not.toContain('amount_asked_chips');
    expect(hidden).not.toContain('125.5');
    expect(carriedCsv({ ...closed, close: { at: T0, carried: [] } }, { hideAmounts: false, unit: 'chips' })).toBeNull();
    expect(carriedCsv({ id: 'shift-open', close: null }, { hideAmounts: false, unit: 'chips' })).toBeNull();
  });
});
