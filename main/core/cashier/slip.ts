/**
 * The slip a player signs for a movement that definitely applied: venue, table, local date and time, player and seat,
 * kind, amount in the drawer's unit, stack after, a short reference (the key's tail, enough to find it in the ledger,
 * not the whole key), the operator, and a line for the player's signature. In the venue's `hidden` money mode, and
 * while the mode is not known, the slip carries no amount and no stack: paper leaves the room, and a mode nobody has
 * read yet may turn out to be hidden.
 */
import { cashText, cashUnit } from '../../../preload/contract/cash-text';
import { localDateTime } from '../../../preload/contract/local-time';
import type { MoneyMode } from '../venue/schemas-rest';
import { appliedDelta } from './amount';
import type { Movement } from './types';
import { wallTimes } from './wall-stamps';

export interface SlipRow {
  readonly label: string;
  readonly value: string;
}

export interface SlipDocument {
  readonly venueName: string;
  readonly title: string;
  readonly rows: readonly SlipRow[];
  /** The caption under the signature line. */
  readonly signature: string;
  /** The same slip as plain text (42 columns: an 80 mm receipt). */
  readonly text: string;
}

export type SlipResult =
  { readonly ok: true; readonly slip: SlipDocument } | { readonly ok: false; readonly error: string };

export interface SlipContext {
  readonly venueName: string;
  readonly tableName: string | null;
  /** The venue's money mode; null (not known yet) prints like `hidden`. */
  readonly mode: MoneyMode | null;
  /** Who was at the drawer (the operator of the movement's shift). */
  readonly operator: string | null;
  /**
   * A reprint: when (this PC's wall clock) it was printed again. The title and a row say REPRINT; every fact of the
   * original (times, amount, reference, operator, the hidden-mode rules) is the same.
   */
  readonly reprintedAt?: number | null;
}

/** Characters of the idempotency key printed: the tail the tray and the ledger show as "ref …". */
export const SHORT_REFERENCE_LENGTH = 8;

export function shortReference(key: string): string {
  return `…${key.slice(-SHORT_REFERENCE_LENGTH)}`;
}

/** When the venue applied it, when known: its transaction_applied event's own timestamp (seconds), else nothing. */
export function venueAppliedAt(movement: Movement): number | null {
  const event = movement.settlement?.claimedEvent ?? movement.evidence?.matchingEvent ?? null;
  const ts = event?.venueTs;
  return typeof ts === 'number' && Number.isFinite(ts) ? ts * 1000 : null;
}

function stackAfter(movement: Movement): number | null {
  const event = movement.settlement?.claimedEvent ?? movement.evidence?.matchingEvent ?? null;
  if (event?.stack_after != null) return event.stack_after;
  const body = movement.settlement?.body;
  if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
    const value = (body as Record<string, unknown>).stack_after;
    if (typeof value === 'number' && Number.isFinite(value)) return value;
  }
  return null;
}

const LABEL_WIDTH = 13;
const SIGNATURE_RULE = '_'.repeat(42);

/** The slip, or why there is none (only a movement that definitely applied, never one flagged as a double). */
export function movementSlip(movement: Movement, context: SlipContext): SlipResult {
  if (movement.state !== 'applied')
    return { ok: false, error: `No slip: the movement is ${movement.state}, not applied.` };
  if (movement.flags.includes('both-applied'))
    return { ok: false, error: 'No slip: this movement is flagged as a possible double payment; review it first.' };
  if (movement.flags.includes('misdirected'))
    return { ok: false, error: 'No slip: the venue applied this movement to another seat; correct it first.' };
  const showAmounts = context.mode !== null && context.mode !== 'hidden';
  const unit = cashUnit(context.mode);
  const delta = appliedDelta(movement);
  const stack = stackAfter(movement);
  const venueAt = venueAppliedAt(movement);
  // The PC's wall clock when it settled (a slip is printed only for an applied, so settled, movement).
  const settledAt = wallTimes(movement).settledAt ?? wallTimes(movement).createdAt;
  const kind = movement.action === 'buy-in' ? 'Buy-in' : 'Cash-out';
  const rows: SlipRow[] = [
    { label: 'Table', value: context.tableName ?? '-' },
    { label: 'Date', value: localDateTime(venueAt ?? settledAt) },
    { label: 'Player', value: movement.playerName },
    { label: 'Seat', value: movement.seatId === null ? '-' : String(movement.seatId) },
    { label: 'Kind', value: kind },
  ];
  if (showAmounts) {
    rows.push(
      {
        label: 'Amount',
        value: delta === null ? 'whole stack (amount to confirm)' : cashText(Math.abs(delta), unit),
      },
      { label: 'Stack after', value: stack === null ? 'not reported' : cashText(stack, unit) },
    );
  } else {
    rows.push({ label: 'Amount', value: 'not printed (the venue hides amounts)' });
  }
  rows.push(
    { label: 'Venue applied', value: venueAt === null ? 'not reported' : localDateTime(venueAt) },
    { label: 'Settled here', value: localDateTime(settledAt) },
    { label: 'Reference', value: shortReference(movement.key) },
    { label: 'Operator', value: context.operator ?? '-' },
  );
  const reprintedAt = context.reprintedAt ?? null;
  if (reprintedAt !== null) rows.push({ label: 'REPRINT', value: `reprinted ${localDateTime(reprintedAt)}` });
  const title = reprintedAt === null ? `${kind} slip` : `${kind} slip (REPRINT)`;
  const signature = "Player's signature";
  const text = [
    context.venueName,
    title,
    '-'.repeat(42),
    ...rows.map(({ label, value }) => `${label.padEnd(LABEL_WIDTH)} ${value}`),
    '',
    '',
    SIGNATURE_RULE,
    signature,
    '',
  ].join('\n');
  return { ok: true, slip: { venueName: context.venueName, title, rows, signature, text } };
}
