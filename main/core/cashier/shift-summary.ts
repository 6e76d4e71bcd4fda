/**
 * A shift's summary as plain text (for the file the cashier saves beside the printout): the figures of the close in
 * the drawer's unit, from the shift record's whole cents, times in the cashier PC's local time, who opened and who
 * closed, the count by denomination and the note.
 */
import { cashText, type CashUnit } from '../../../preload/contract/cash-text';
import { localDateTime, localOffset } from '../../../preload/contract/local-time';
import { fromCents, type Cents } from '../venue/money';
import { closedWall, openedWall, type ShiftRecord } from './shift';

/** The variance in words: "+$12.50 (over)", "-3 chips (short)", "balanced". */
export function varianceText(variance: Cents, unit: CashUnit = 'chips'): string {
  if (variance === 0) return 'balanced';
  const amount = cashText(Math.abs(fromCents(variance)), unit);
  return variance > 0 ? `+${amount} (over)` : `-${amount} (short)`;
}

const when = (at: number): string => `${localDateTime(at)} (UTC${localOffset(at)})`;

/**
 * The summary lines of a shift (an open shift has no close figures yet). `exceptions`: the cashier's counts among its
 * movements (decision.ts `exceptionLine`), each listed with what it needs.
 */
export function shiftSummaryText(
  shift: ShiftRecord,
  venueName = 'Venue',
  unit: CashUnit = 'chips',
  exceptions: readonly string[] = [],
): string {
  const money = (value: Cents): string => cashText(fromCents(value), unit);
  const rows: Array<readonly [string, string]> = [
    ['Shift', shift.id],
    ['Opened', `${when(openedWall(shift))}${shift.openedBy === 'auto' ? ' (automatically, first start)' : ''}`],
    ['Opened by', shift.operator ?? '-'],
    ['Opening float', money(shift.openingFloat)],
  ];
  const close = shift.close;
  const extra: string[] = [];
  if (close === null) rows.push(['Closed', 'still open']);
  else {
    const { totals } = close;
    rows.push(
      ['Closed', when(closedWall(close))],
      ['Closed by', close.closedBy ?? '-'],
      ['Buy-ins', money(totals.buyIns)],
      ['Cash-outs', money(totals.cashOuts)],
      ['Expected cash', money(close.expected)],
      ['Counted cash', money(close.counted)],
      ['Variance', varianceText(close.variance, unit)],
      ['Applied', String(totals.applied)],
      ['Refused', String(totals.refused)],
      ['Cancelled', String(totals.cancelled)],
    );
    if (totals.toConfirm > 0)
      rows.push(['To confirm', `${totals.toConfirm} applied with no amount reported: not in the expected cash`]);
    if (totals.doubles > 0)
      rows.push([
        'To review',
        `${totals.doubles} ${totals.doubles === 1 ? 'movement' : 'movements'}: ` +
          'applied twice, misdirected, or counted by the cashier',
      ]);
    if (close.note !== null) rows.push(['Note', close.note]);
    if (close.denominations !== null) {
      extra.push('', 'Count by denomination');
      for (const line of close.denominations)
        extra.push(
          `  ${String(line.count).padStart(6)} x ${cashText(fromCents(line.value), unit).padEnd(14)} ` +
            money((line.value * line.count) as Cents),
        );
    }
  }
  return [
    venueName,
    'Shift summary',
    '-'.repeat(40),
    ...rows.map(([label, value]) => `${label.padEnd(14)} ${value}`),
    ...exceptions.map((line) => `${'Exception'.padEnd(14)} ${line}`),
    ...extra,
    '',
  ].join('\n');
}
