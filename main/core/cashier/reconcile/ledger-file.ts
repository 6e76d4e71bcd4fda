/** The venue ledger's records on disk, read back through zod: a record that fails is skipped and counted. */
import { z } from 'zod';
import { STARTS_NEW_RUN, type LedgerRecord } from './ledger-state';
import type { GapReason } from './types';

const nullableNumber = z.number().finite().nullable();
const nullableString = z.string().nullable();
const time = z.number().finite();

/** The reasons a gap record may hold: the ledger's own list (ledger-state.ts), not a copy that could fall behind it. */
const GAP_REASONS = Object.keys(STARTS_NEW_RUN) as [GapReason, ...GapReason[]];

const eventSchema = z.object({
  kind: z.enum(['buy_in', 'cash_out', 'adjustment']),
  seat_id: z.number().int().nullable(),
  player_id: nullableString,
  name: nullableString,
  amount: nullableNumber,
  delta: nullableNumber,
  stack_before: nullableNumber,
  stack_after: nullableNumber,
  hand_number: nullableNumber,
  source: nullableString,
  session_id: nullableString,
  run: z.number().int().nonnegative(),
  seq: z.number().int(),
  venueTs: nullableNumber,
  receivedAt: time,
  catchUp: z.boolean(),
});

const recordSchema = z.discriminatedUnion('type', [
  z.object({ v: z.literal(1), type: z.literal('watch'), at: time }),
  z.object({ v: z.literal(1), type: z.literal('event'), event: eventSchema }),
  z.object({
    v: z.literal(1),
    type: z.literal('gap'),
    gap: z.object({ from: time, to: time, reason: z.enum(GAP_REASONS) }),
  }),
  z.object({ v: z.literal(1), type: z.literal('drop'), at: time }),
  z.object({ v: z.literal(1), type: z.literal('resumed'), at: time, from: time }),
]);

export const VENUE_LEDGER_FILE = 'venue-ledger.log';

/** One record as the line's JSON. */
export function encodeLedgerRecord(record: LedgerRecord): string {
  return JSON.stringify({ v: 1, ...record });
}

/** A record read back, or null when it is not one (wrong shape, not JSON). */
export function decodeLedgerRecord(payload: Buffer): LedgerRecord | null {
  try {
    const parsed = recordSchema.safeParse(JSON.parse(payload.toString('utf8')));
    if (!parsed.success) return null;
    const { v: _version, ...record } = parsed.data;
    return record;
  } catch {
    return null;
  }
}
