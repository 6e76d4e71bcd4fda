/**
 * The shift ledger: every movement of the shift with who, when and how it settled; money in and out from applied
 * movements (rounded to cents at each sum); a CSV export safe to open in a spreadsheet (the slip is slip.ts).
 */
import { addCents, fromCents, toCents, type Cents } from '../venue/money';
import { appliedDelta } from './amount';
import { correctionDelta, correctionNeeded, correctionShift, countedByCashier, decisionLine } from './decision';
import type { ShiftRecord, ShiftTotals } from './shift';
import { venueAppliedAt } from './slip';
import type { CashUnit } from '../../../preload/contract/cash-text';
import { localIso } from '../../../preload/contract/local-time';
import type { Movement } from './types';
import { wallTimes } from './wall-stamps';

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
  /**
   * Exceptions: flagged both-applied (a double payment to review), misdirected (applied to another seat), or
   * counted as applied by the cashier (unanswered yet, or then refused by the venue).
   */
  readonly flagged: number;
}

/** Totals of a list of movements in whole cents, plus the counts of what is not settled yet. */
export interface CentsTotals extends ShiftTotals {
  readonly unsettled: number;
  readonly inDoubt: number;
}

const EXCEPTION_FLAGS = ['both-applied', 'misdirected', 'counted-not-applied'] as const;

/** Never a clean entry: a double, a misdirected application, a cashier's count (confirmed or not yet answered). */
const isException = (movement: Movement): boolean =>
  countedByCashier(movement) || EXCEPTION_FLAGS.some((flag) => movement.flags.includes(flag));

/**
 * Totals of the movements given (the caller picks one shift's), in whole cents: integers add exactly. A movement the
 * cashier counted as applied is in the sums (it is in the drawer) while its key is unanswered, and out once the venue
 * says it did not apply. `shiftId`: the shift these are the totals of, where a count of an earlier (closed) shift
 * that the venue then refused is booked as its reversal (decision.ts `correctionShift`).
 */
export function centsTotals(movements: readonly Movement[], shiftId: string | null = null): CentsTotals {
  let buyIns = 0 as Cents;
  let cashOuts = 0 as Cents;
  const counts = { applied: 0, refused: 0, cancelled: 0, unsettled: 0, inDoubt: 0, toConfirm: 0, doubles: 0 };
  for (const movement of movements) {
    // A count of a closed shift that the venue refused is reversed in the shift open when the answer came: a
    // cash-out's money comes back (fewer cash-outs), a buy-in's goes back (fewer buy-ins).
    if (shiftId !== null && correctionShift(movement) === shiftId && movement.shiftId !== shiftId) {
      counts.doubles += 1;
      const reversal = correctionDelta(movement);
      if (reversal === null) counts.toConfirm += 1;
      else if (reversal > 0) cashOuts = addCents(cashOuts, toCents(-reversal));
      else buyIns = addCents(buyIns, toCents(reversal));
      continue;
    }
    // A double and a misdirected application both need a correction at the table: never clean entries.
    // So is a count the venue has not confirmed, and one it contradicted (refused: out of the sums).
    if (isException(movement)) counts.doubles += 1;
    if (movement.state === 'refused') counts.refused += 1;
    else if (movement.state === 'cancelled') counts.cancelled += 1;
    else if (movement.state !== 'applied') {
      counts.unsettled += 1;
      if (movement.state === 'in-doubt') counts.inDoubt += 1;
    }
    if (movement.state === 'applied' || countedByCashier(movement)) {
      if (movement.state === 'applied') counts.applied += 1;
      const delta = appliedDelta(movement);
      if (delta === null) counts.toConfirm += 1;
      else if (delta >= 0) buyIns = addCents(buyIns, toCents(delta));
      else cashOuts = addCents(cashOuts, toCents(-delta));
    }
  }
  return { buyIns, cashOuts, ...counts };
}

/** Totals of the movements given, in chips (rounded to cents at each sum); `shiftId` as for `centsTotals`. */
export function ledgerTotals(movements: readonly Movement[], shiftId: string | null = null): LedgerTotals {
  const totals = centsTotals(movements, shiftId);
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

/**
 * The CSV's columns. Times are ISO 8601 in the cashier PC's local time with its offset; money columns are plain
 * numbers (no unit text, no thousands commas: a spreadsheet sums them) and the header names the unit
 * (`amount_asked_chips`, `delta_dollars`). What a number cannot say (a whole-stack cash-out, an applied amount
 * nothing reported) goes in `amount_note`. The shift's own figures (its operator, float, expected and counted cash,
 * variance, note) repeat on each of its movements' rows, so one file answers for every shift it holds.
 */
const CSV_COLUMNS = [
  ['created_at', 'text'],
  ['idempotency_key', 'text'],
  ['action', 'text'],
  ['player_name', 'text'],
  ['player_id', 'text'],
  ['seat_id', 'text'],
  ['amount_asked', 'money'],
  ['state', 'text'],
  ['settled_how', 'text'],
  ['settled_at', 'text'],
  ['venue_applied_at', 'text'],
  ['delta', 'money'],
  ['amount_note', 'text'],
  ['refusal', 'text'],
  ['replaces', 'text'],
  ['replaced_by', 'text'],
  ['flags', 'text'],
  // The cashier's decision on it while in doubt (who, when): never the venue's answer.
  ['cashier_decision', 'text'],
  // What the drawer must correct when the venue refused a key the cashier had counted as applied (quotes amounts).
  ['correction', 'words'],
  // Our own words on the movement, which quote amounts (the evidence a movement was settled on: its event's amount
  // and the stack before and after): left out with the money columns.
  ['message', 'words'],
  ['shift_id', 'text'],
  ['operator', 'text'],
  ['shift_float', 'money'],
  ['shift_expected', 'money'],
  ['shift_counted', 'money'],
  ['shift_variance', 'money'],
  ['shift_note', 'text'],
] as const;

type Column = (typeof CSV_COLUMNS)[number][0];

export interface LedgerCsvOptions {
  /**
   * The venue's `hidden` money mode: the money columns and the message (whose words quote amounts) are left out
   * (who moved what kind of money when, never how much).
   */
  readonly hideAmounts?: boolean;
  /** The drawer's unit, named in the money columns' headers (default chips). */
  readonly unit?: CashUnit;
  /**
   * Names each movement's shift (default: the movement's own; callers may supply a rule for movements from before
   * shifts).
   */
  readonly shiftOf?: (movement: Movement) => string | null;
  /** The shift records, to fill the shift's columns (operator, float, expected, counted, variance, note). */
  readonly shift?: (id: string) => ShiftRecord | undefined;
  /**
   * Whether the books these rows come from verify ("verified", or the damage in words): a last column, the same on
   * every row, so a spreadsheet of the export carries it whichever rows it keeps.
   */
  readonly books?: string;
}

const time = (ms: number | null | undefined): string | null => (ms == null ? null : localIso(ms));
const money = (value: Cents | null | undefined): number | null => (value == null ? null : fromCents(value));

function amountNote(movement: Movement): string | null {
  if (movement.state === 'applied' && appliedDelta(movement) === null) return 'amount to confirm';
  return movement.amount === null ? 'whole stack' : null;
}

function row(
  movement: Movement,
  shift: ShiftRecord | undefined,
  shiftId: string | null,
): Record<Column, string | number | null> {
  const close = shift?.close ?? null;
  return {
    created_at: time(wallTimes(movement).createdAt),
    idempotency_key: movement.key,
    action: movement.action,
    player_name: movement.playerName,
    player_id: movement.playerId,
    seat_id: movement.seatId,
    amount_asked: movement.amount,
    state: movement.state,
    settled_how: movement.settlement?.how ?? null,
    settled_at: time(wallTimes(movement).settledAt ?? undefined),
    venue_applied_at: time(venueAppliedAt(movement)),
    delta: movement.state === 'applied' || countedByCashier(movement) ? appliedDelta(movement) : null,
    amount_note: amountNote(movement),
    refusal: movement.settlement?.refusal
      ? `${movement.settlement.refusal.code}: ${movement.settlement.refusal.message}`
      : null,
    replaces: movement.replaces,
    replaced_by: movement.replacedBy,
    flags: movement.flags.join(' '),
    cashier_decision: decisionLine(movement),
    correction: correctionNeeded(movement),
    message: movement.message,
    shift_id: shiftId,
    operator: shift?.operator ?? null,
    shift_float: money(shift?.openingFloat),
    shift_expected: money(close?.expected),
    shift_counted: money(close?.counted),
    shift_variance: money(close?.variance),
    shift_note: close?.note ?? null,
  };
}

/** Movements as CSV (CRLF line ends, header row first), in the order given. */
export function ledgerCsv(movements: readonly Movement[], options: LedgerCsvOptions = {}): string {
  const unit = options.unit ?? 'chips';
  const columns = CSV_COLUMNS.filter(([, kind]) => options.hideAmounts !== true || kind === 'text');
  const shiftOf = options.shiftOf ?? ((movement: Movement) => movement.shiftId ?? null);
  const rows = movements.map((movement) => {
    const shiftId = shiftOf(movement);
    const cells = row(movement, shiftId === null ? undefined : options.shift?.(shiftId), shiftId);
    const line = columns.map(([name]) => csvCell(cells[name])).join(',');
    return options.books === undefined ? line : `${line},${csvCell(options.books)}`;
  });
  const named = columns.map(([name, kind]) => (kind === 'money' ? `${name}_${unit}` : name)).join(',');
  const header = options.books === undefined ? named : `${named},books`;
  return [header, ...rows].map((line) => `${line}\r\n`).join('');
}
