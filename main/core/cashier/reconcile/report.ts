/**
 * A reconciliation in words: the cashier screen's one-line status, the lines of the printed and text summary, and
 * the CSV section. Amounts in the drawer's unit (preload/contract/cash-text), left out where the venue hides them.
 */
import { cashText, type CashUnit } from '../../../../preload/contract/cash-text';
import { localIso } from '../../../../preload/contract/local-time';
import { csvCell } from '../ledger';
import { fromCents } from '../../venue/money';
import type { Movement } from '../types';
import type { Reconciliation, TheirTotals, UncheckedMovement } from './match';
import type { GapReason, StreamGap, VenueEvent } from './types';

const GAP_TEXT: Record<GapReason, string> = {
  'buffer-evicted': "the venue's replay no longer held the missed events",
  'engine-reset': "the venue's engine restarted",
  'seq-regression': "the venue's event counter went back (the venue restarted)",
  'hand-regression': "the venue's hand numbers went back (engine restart)",
  'unknown-position': 'the stream resumed without knowing its place',
  'hands-skipped': "the venue's replay skipped hands",
  'no-cursor': 'the stream resumed without a cursor, so nothing was replayed',
  disconnected: 'the live stream is disconnected (or the app was not running) and has not caught up yet',
  'venue-unconfirmed': 'the venue was not confirmed yet, so its events were not kept',
  'not-watched': 'before this app began keeping the venue ledger',
};

/** Why a stretch could not be checked, in words. */
export function gapText(reason: GapReason): string {
  return GAP_TEXT[reason];
}

const plural = (count: number, one: string, many: string): string => `${count} ${count === 1 ? one : many}`;

/** Why one of our movements could not be checked, in words. */
export function uncheckedMovementText(item: UncheckedMovement): string {
  if (item.why === 'counted') return 'counted as applied by the cashier; the venue has not answered this request yet';
  return item.gap === null ? 'more than one venue event fits it' : `could not be checked: ${gapText(item.gap.reason)}`;
}

/** Movements checked so far: matched, misdirected, not seen, and could not be checked. */
function checkedCount(reconciliation: Reconciliation): number {
  return (
    reconciliation.matched.length +
    reconciliation.misdirected.length +
    reconciliation.oursUnmatched.length +
    reconciliation.uncheckedMovements.length
  );
}

/**
 * A misdirected movement's exception line: what was asked, where the venue's record puts the money, and what to do.
 * `amount` is the signed amount in words, or '' where amounts are hidden.
 */
export function misdirectedText(movement: Movement | undefined, event: VenueEvent, amount: string): string {
  const asked =
    movement === undefined
      ? 'a movement of this cashier'
      : `${movement.action} for ${movement.playerName}${movement.seatId === null ? '' : ` on seat ${movement.seatId}`}`;
  const where = `${event.name ?? 'another player'}${event.seat_id === null ? '' : ` on seat ${event.seat_id}`}`;
  const again = movement?.action === 'cash-out' ? 'cashing out again' : 'buying in again';
  const what = amount === '' ? 'it' : amount;
  return `${asked}: the venue applied ${what} to ${where}; settle it with the table before ${again}`;
}

/**
 * The cashier screen's status: "all 12 movements confirmed by the venue", "1 not yet seen by the venue", "3
 * movements at the table not through this cashier", joined when several hold. Never "confirmed" for a movement
 * that was not seen.
 */
export function reconciliationStatus(reconciliation: Reconciliation): string {
  const parts: string[] = [];
  const total = checkedCount(reconciliation);
  const { oursUnmatched, theirs, uncheckedEvents } = reconciliation;
  const counted = reconciliation.uncheckedMovements.filter((item) => item.why === 'counted').length;
  const uncheckedMovements = reconciliation.uncheckedMovements.filter((item) => item.why !== 'counted');
  const { misdirected } = reconciliation;
  if (
    total > 0 &&
    oursUnmatched.length === 0 &&
    misdirected.length === 0 &&
    reconciliation.uncheckedMovements.length === 0
  )
    parts.push(`all ${plural(total, 'movement', 'movements')} confirmed by the venue`);
  else if (total === 0) parts.push('no movements through this cashier yet');
  else {
    if (reconciliation.matched.length > 0) parts.push(`${reconciliation.matched.length} of ${total} confirmed`);
    if (misdirected.length > 0) parts.push(`${misdirected.length} applied by the venue to another seat (to settle)`);
    if (oursUnmatched.length > 0) parts.push(`${oursUnmatched.length} not yet seen by the venue`);
    if (uncheckedMovements.length > 0) parts.push(`${uncheckedMovements.length} could not be checked`);
    if (counted > 0) parts.push(`${counted} counted as applied by the cashier, not confirmed by the venue`);
  }
  if (reconciliation.pendingUnsaved.length > 0)
    parts.push(`${reconciliation.pendingUnsaved.length} pending: answer not yet saved`);
  if (theirs.length > 0)
    parts.push(`${plural(theirs.length, 'movement', 'movements')} at the table not through this cashier`);
  if (uncheckedEvents.length > 0)
    parts.push(`${plural(uncheckedEvents.length, 'venue event', 'venue events')} not yet attributed`);
  const gaps = reconciliation.gaps.filter((gap) => gap.reason !== 'not-watched');
  if (gaps.length > 0) parts.push(`${plural(gaps.length, 'stretch', 'stretches')} of the stream could not be checked`);
  return parts.join('; ');
}

const EVENT_KIND: Record<VenueEvent['kind'], string> = {
  buy_in: 'buy-in',
  cash_out: 'cash-out',
  adjustment: 'adjustment',
};

/** "buy-in", "correction (adjustment)" ... as a person reads it. */
export function eventKindText(event: VenueEvent): string {
  const kind = EVENT_KIND[event.kind];
  return event.source === 'transaction' || event.source === null ? kind : `correction (${kind}, ${event.source})`;
}

const signedCash = (chips: number, unit: CashUnit): string =>
  `${chips < 0 ? '-' : '+'}${cashText(Math.abs(chips), unit)}`;

function totalsText(label: string, totals: TheirTotals, unit: CashUnit | null): string {
  const amount = unit === null ? '' : `, net ${signedCash(fromCents(totals.net), unit)}`;
  const unknown = totals.unknownAmounts > 0 ? ` (${totals.unknownAmounts} without an amount)` : '';
  return `${plural(totals.count, label, `${label}s`)}${amount}${unknown}`;
}

// The export's one time format: ISO 8601 in the PC's local time with its offset, as the movements' columns.
const iso = (ms: number): string => localIso(ms);

function gapLine(gap: StreamGap): string {
  return gap.reason === 'not-watched'
    ? `until ${iso(gap.to)}: ${gapText(gap.reason)}`
    : `${iso(gap.from)} to ${iso(gap.to)}: ${gapText(gap.reason)}`;
}

/**
 * The summary's reconciliation lines (label, value); `unit` null leaves every amount out. `movements` (the shift's)
 * name what a misdirected movement asked for.
 */
export function reconciliationLines(
  reconciliation: Reconciliation,
  unit: CashUnit | null,
  movements: readonly Movement[] = [],
): Array<readonly [string, string]> {
  const byKey = new Map(movements.map((movement) => [movement.key, movement]));
  const rows: Array<readonly [string, string]> = [
    ['Venue check', reconciliationStatus(reconciliation)],
    ['Matched', String(reconciliation.matched.length)],
    ['Misdirected', String(reconciliation.misdirected.length)],
    ['Not seen', String(reconciliation.oursUnmatched.length)],
    ['Not through us', totalsText('other writer movement', reconciliation.otherWriters, unit)],
    ['Corrections', totalsText('operator correction', reconciliation.corrections, unit)],
    ['Unchecked', String(reconciliation.uncheckedMovements.length + reconciliation.uncheckedEvents.length)],
  ];
  for (const { key, event } of reconciliation.misdirected) {
    const amount = unit === null || event.delta === null ? '' : signedCash(event.delta, unit);
    rows.push(['  misdirected', misdirectedText(byKey.get(key), event, amount)]);
  }
  for (const event of reconciliation.theirs) {
    const amount = unit === null || event.delta === null ? '' : ` ${signedCash(event.delta, unit)}`;
    rows.push(['  at the table', `${eventKindText(event)} ${event.name ?? '?'} seat ${event.seat_id ?? '?'}${amount}`]);
  }
  for (const gap of reconciliation.gaps) rows.push(['  not checked', gapLine(gap)]);
  return rows;
}

const CSV_COLUMNS = ['section', 'at', 'kind', 'player_name', 'seat_id', 'delta', 'idempotency_key', 'detail'] as const;

/**
 * The reconciliation as a CSV file of its own (one table: the header, then rows): a status row with the check's
 * verdict, then one row per matched movement, not seen movement, movement at the table not through us, unchecked
 * item and gap. `hideAmounts` drops the delta column.
 */
export function reconciliationCsv(
  reconciliation: Reconciliation,
  movements: readonly Movement[],
  hideAmounts: boolean,
): string {
  const byKey = new Map(movements.map((movement) => [movement.key, movement]));
  const rows: Array<Array<string | number | null>> = [];
  const ours = (section: string, key: string, detail: string): void => {
    const movement = byKey.get(key);
    rows.push([
      section,
      movement?.settlement ? iso(movement.settlement.at) : null,
      movement?.action ?? null,
      movement?.playerName ?? null,
      movement?.seatId ?? null,
      null,
      key,
      detail,
    ]);
  };
  const event = (section: string, item: VenueEvent, detail: string): void => {
    rows.push([
      section,
      iso(item.venueTs ?? item.receivedAt),
      eventKindText(item),
      item.name,
      item.seat_id,
      item.delta,
      null,
      detail,
    ]);
  };
  rows.push(['status', null, null, null, null, null, null, reconciliationStatus(reconciliation)]);
  for (const pair of reconciliation.matched) ours('matched', pair.key, `venue event number ${pair.event.seq}`);
  for (const pair of reconciliation.misdirected)
    // Ours, booked once: where the venue's record put it (seat, name, amount), and what it was asked as.
    rows.push([
      'misdirected',
      iso(pair.event.venueTs ?? pair.event.receivedAt),
      byKey.get(pair.key)?.action ?? null,
      pair.event.name,
      pair.event.seat_id,
      pair.event.delta,
      pair.key,
      misdirectedText(byKey.get(pair.key), pair.event, ''),
    ]);
  for (const key of reconciliation.oursUnmatched) ours('not_seen_by_venue', key, 'applied, no venue event seen');
  for (const item of reconciliation.theirs) event('not_through_this_cashier', item, item.source ?? '');
  for (const item of reconciliation.uncheckedMovements) ours('could_not_check', item.key, uncheckedMovementText(item));
  for (const item of reconciliation.uncheckedEvents)
    event('could_not_check', item.event, item.why === 'ambiguous' ? 'fits more than one movement' : 'unsettled');
  for (const gap of reconciliation.gaps)
    rows.push(['gap', iso(gap.from), null, null, null, null, null, `until ${iso(gap.to)}: ${gapText(gap.reason)}`]);
  const keep = CSV_COLUMNS.map((column) => !hideAmounts || column !== 'delta');
  const line = (cells: ReadonlyArray<string | number | null>): string =>
    cells
      .filter((_cell, index) => keep[index])
      .map(csvCell)
      .join(',');
  return [line([...CSV_COLUMNS]), ...rows.map(line)].map((text) => `${text}\r\n`).join('');
}
