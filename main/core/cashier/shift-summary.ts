/**
 * A closed shift's summary as plain text (for the file the cashier saves beside the printout): the figures of the
 * close in chips with two decimals, from the shift record's whole cents.
 */
import { fromCents, type Cents } from '../venue/money';
import type { ShiftRecord } from './shift';

const chips = (value: Cents): string => fromCents(value).toFixed(2);
const iso = (ms: number): string => new Date(ms).toISOString();

/** The variance in words: "+12.50 (over)", "-3.00 (short)", "0.00 (balanced)". */
export function varianceText(variance: Cents): string {
  if (variance === 0) return '0.00 (balanced)';
  return variance > 0 ? `+${chips(variance)} (over)` : `${chips(variance)} (short)`;
}

/** The summary lines of a shift (an open shift has no close figures yet). */
export function shiftSummaryText(shift: ShiftRecord, venueName = 'Venue'): string {
  const rows: Array<readonly [string, string]> = [
    ['Shift', shift.id],
    ['Opened', `${iso(shift.openedAt)}${shift.openedBy === 'auto' ? ' (automatically, first start)' : ''}`],
    ['Opening float', chips(shift.openingFloat)],
  ];
  const close = shift.close;
  if (close === null) rows.push(['Closed', 'still open']);
  else {
    const { totals } = close;
    rows.push(
      ['Closed', iso(close.at)],
      ['Buy-ins', chips(totals.buyIns)],
      ['Cash-outs', chips(totals.cashOuts)],
      ['Expected cash', chips(close.expected)],
      ['Counted cash', chips(close.counted)],
      ['Variance', varianceText(close.variance)],
      ['Applied', String(totals.applied)],
      ['Refused', String(totals.refused)],
      ['Cancelled', String(totals.cancelled)],
    );
    if (totals.toConfirm > 0)
      rows.push(['To confirm', `${totals.toConfirm} applied with no amount reported: not in the expected cash`]);
    if (totals.doubles > 0) rows.push(['Doubles', `${totals.doubles} movements applied twice: review the adjustment`]);
  }
  return [
    venueName,
    'Shift summary (chips)',
    '-'.repeat(40),
    ...rows.map(([label, value]) => `${label.padEnd(14)} ${value}`),
    '',
  ].join('\n');
}
