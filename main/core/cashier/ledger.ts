/**
 * The shift ledger: every movement of the shift with who, when and how it settled; money in and out from applied
 * movements (rounded to cents at each sum); a CSV export safe to open in a spreadsheet; and a printable slip for a
 * movement that definitely applied.
 */
import { addCents, fromCents, toCents, type Cents } from '../venue/money';
import { appliedDelta } from './amount';
import type { ShiftTotals } from './shift';
import type { Movement } from './types';

export { appliedAmount, appliedDelta } from './amount';
export type { AmountSource, AppliedAmount } from './amount';

export interface LedgerTotals {
  /** Sum of applied buy-in deltas. */
  readonly moneyIn: number;
  /** Sum of applied cash-outs, as a positive number. */
  readonly moneyOut: number;
  /** moneyIn - moneyOut. */
  readonly net: number;
  readonly applied: number;
  readonly refused: number;
  readonly cancelled: number;
  /** Not settled yet (queued, sending, with the host, in doubt). */
  readonly unsettled: number;
  readonly inDoubt: number;
  /** Applied movements whose amount is unknown ("amount to confirm"; listed, but excluded from the sums). */
  readonly unknownAmounts: number;
  /** Movements flagged both-applied (a double payment to review) or misdirected (applied to another seat). */
  readonly flagged: number;
}

/** Totals of a list of movements in whole cents, plus the counts of what is not settled yet. */
export interface CentsTotals extends ShiftTotals {
  readonly unsettled: number;
  readonly inDoubt: number;
}

/** Totals of the movements given (the caller picks one shift's), in whole cents: integers add exactly. */
export function centsTotals(movements: readonly Movement[]): CentsTotals {
  let buyIns = 0 as Cents;
  let cashOuts = 0 as Cents;
  const counts = { applied: 0, refused: 0, cancelled: 0, unsettled: 0, inDoubt: 0, toConfirm: 0, doubles: 0 };
  for (const movement of movements) {
    // A double and a misdirected application both need a correction at the table: never clean entries.
    if (movement.flags.includes('both-applied') || movement.flags.includes('misdirected')) counts.doubles += 1;
    if (movement.state === 'refused') counts.refused += 1;
    else if (movement.state === 'cancelled') counts.cancelled += 1;
    else if (movement.state !== 'applied') {
      counts.unsettled += 1;
      if (movement.state === 'in-doubt') counts.inDoubt += 1;
    } else {
      counts.applied += 1;
      const delta = appliedDelta(movement);
      if (delta === null) counts.toConfirm += 1;
      else if (delta >= 0) buyIns = addCents(buyIns, toCents(delta));
      else cashOuts = addCents(cashOuts, toCents(-delta));
    }
  }
  return { buyIns, cashOuts, ...counts };
}

/** Totals of the movements given, in chips (rounded to cents at each sum). */
export function ledgerTotals(movements: readonly Movement[]): LedgerTotals {
  const totals = centsTotals(movements);
  return {
    moneyIn: fromCents(totals.buyIns),
    moneyOut: fromCents(totals.cashOuts),
    net: fromCents((totals.buyIns - totals.cashOuts) as Cents),
    applied: totals.applied,
    refused: totals.refused,
    cancelled: totals.cancelled,
    unsettled: totals.unsettled,
    inDoubt: totals.inDoubt,
    unknownAmounts: totals.toConfirm,
    flagged: totals.doubles,
  };
}

// What a spreadsheet may run as a formula: =, +, -, @ (and their full-width forms), tab and carriage return, also
// after leading whitespace (some spreadsheets trim it before deciding).
const FORMULA_START = /^[\s\u3000]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|^[\t\r]/;

/** One CSV cell: RFC 4180 quoting, and a leading ' on text a spreadsheet would run as a formula. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const iso = (ms: number | null | undefined): string | null => (ms == null ? null : new Date(ms).toISOString());

const CSV_COLUMNS = [
  'created_at',
  'idempotency_key',
  'action',
  'player_name',
  'player_id',
  'seat_id',
  'amount_asked',
  'state',
  'settled_how',
  'settled_at',
  'delta',
  'refusal',
  'replaces',
  'replaced_by',
  'flags',
  'message',
  'shift_id',
] as const;

/** Columns that carry an amount: left out when the venue's money mode is `hidden`. */
const AMOUNT_COLUMNS: ReadonlySet<string> = new Set(['amount_asked', 'delta']);

export interface LedgerCsvOptions {
  /**
   * The venue's `hidden` money mode: the amount columns are left out (who moved what kind of money when, never how
   * much).
   */
  readonly hideAmounts?: boolean;
  /**
   * Names each movement's shift (default: the movement's own; callers may supply a rule for movements from before
   * shifts).
   */
  readonly shiftOf?: (movement: Movement) => string | null;
}

/** Movements as CSV (CRLF line ends, header row first), in the order given. */
export function ledgerCsv(movements: readonly Movement[], options: LedgerCsvOptions = {}): string {
  const keep = CSV_COLUMNS.map((column) => options.hideAmounts !== true || !AMOUNT_COLUMNS.has(column));
  const shiftOf = options.shiftOf ?? ((movement: Movement) => movement.shiftId ?? null);
  const rows = movements.map((m) =>
    [
      iso(m.createdAt),
      m.key,
      m.action,
      m.playerName,
      m.playerId,
      m.seatId,
      m.amount === null ? 'whole stack' : m.amount,
      m.state,
      m.settlement?.how ?? null,
      iso(m.settlement?.at),
      m.state === 'applied' ? (appliedDelta(m) ?? 'amount to confirm') : null,
      m.settlement?.refusal ? `${m.settlement.refusal.code}: ${m.settlement.refusal.message}` : null,
      m.replaces,
      m.replacedBy,
      m.flags.join(' '),
      m.message,
      shiftOf(m),
    ]
      .filter((_cell, index) => keep[index])
      .map(csvCell)
      .join(','),
  );
  const header = CSV_COLUMNS.filter((_column, index) => keep[index]).join(',');
  return [header, ...rows].map((line) => `${line}\r\n`).join('');
}

const escapeHtml = (text: string): string =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

export type SlipResult =
  { readonly ok: true; readonly text: string; readonly html: string } | { readonly ok: false; readonly error: string };

/** A printable slip, only for a movement that definitely applied (never for one in doubt). */
export function movementSlip(movement: Movement, venueName = 'Venue'): SlipResult {
  if (movement.state !== 'applied')
    return { ok: false, error: `No slip: the movement is ${movement.state}, not applied.` };
  if (movement.flags.includes('both-applied'))
    return { ok: false, error: 'No slip: this movement is flagged as a possible double payment; review it first.' };
  if (movement.flags.includes('misdirected'))
    return { ok: false, error: 'No slip: the venue applied this movement to another seat; correct it first.' };
  const delta = appliedDelta(movement);
  const lines: Array<readonly [string, string]> = [
    ['Movement', movement.action === 'buy-in' ? 'Buy-in' : 'Cash-out'],
    ['Player', movement.playerName],
    ['Seat', movement.seatId === null ? '-' : String(movement.seatId)],
    ['Amount', delta === null ? 'whole stack (amount to confirm)' : Math.abs(delta).toFixed(2)],
    ['Settled', `${iso(movement.settlement?.at) ?? '-'} (${movement.settlement?.how ?? '-'})`],
    ['Reference', movement.key],
  ];
  const text = [venueName, '-'.repeat(32), ...lines.map(([label, value]) => `${label.padEnd(10)} ${value}`), ''].join(
    '\n',
  );
  const rows = lines
    .map(([label, value]) => `<tr><th>${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`)
    .join('');
  const venue = escapeHtml(venueName);
  const head = `<!doctype html><meta charset="utf-8"><title>${venue} slip</title>`;
  const html = `${head}<h1>${venue}</h1><table>${rows}</table>`;
  return { ok: true, text, html };
}
