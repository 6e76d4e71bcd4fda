/**
 * The live inputs the cashier is given (a table view and transaction_applied payloads), validated (payloads with
 * zod, the table view by hand, see below) and read tolerantly: unknown fields are ignored, malformed input is
 * dropped (it changes nothing).
 */
import { z } from 'zod';
import type { ObservationSource, ObservedSeat, TableObservation, TransactionAppliedObservation } from './types';

const optionalNumber = z
  .number()
  .finite()
  .nullish()
  .transform((value) => value ?? null);
const optionalString = z
  .string()
  .nullish()
  .transform((value) => value ?? null);

// The table view arrives on every live event, so it is checked by hand: zod's general machinery costs a tenth
// of a millisecond per event on a process that idles between events, which is most of the event-to-screen budget.
// The rules are the same as for the payloads below: wrong types drop the whole view, absent optional fields are null.

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isInteger = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);
const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** null/undefined -> null, a value passing `accept` -> itself, anything else -> undefined (malformed). */
function nullable<T>(value: unknown, accept: (candidate: unknown) => candidate is T): T | null | undefined {
  if (value === null || value === undefined) return null;
  return accept(value) ? value : undefined;
}

const isString = (value: unknown): value is string => typeof value === 'string';

function observedSeat(input: unknown): ObservedSeat | null {
  if (!isRecord(input)) return null;
  const seatId = nullable(input.seat_id, isInteger);
  const playerId = nullable(input.player_id, isString);
  const name = nullable(input.name, isString);
  const stack = nullable(input.stack, isFiniteNumber);
  if (seatId === undefined || playerId === undefined || name === undefined || stack === undefined) return null;
  return { seat_id: seatId, player_id: playerId, name, stack };
}

const transactionAppliedSchema = z.object({
  kind: z.enum(['buy_in', 'cash_out', 'adjustment']),
  seat_id: z
    .number()
    .int()
    .nullish()
    .transform((value) => value ?? null),
  player_id: optionalString,
  name: optionalString,
  amount: optionalNumber,
  delta: optionalNumber,
  stack_before: optionalNumber,
  stack_after: optionalNumber,
  hand_number: optionalNumber,
  source: optionalString,
  session_id: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((value) => (value == null ? null : String(value))),
});

const SOURCES: ReadonlySet<unknown> = new Set<ObservationSource>([
  'state-frame',
  'event',
  'live-state-read',
  'restored',
]);

/**
 * The table view, or null when it is malformed. Provenance is required: a view that does not say where it came
 * from and how old its data is cannot be told apart from a stale one. Unknown hand fields stay unknown (null): the
 * evidence rules fail closed on them.
 */
export function parseTable(input: unknown): TableObservation | null {
  if (
    !isRecord(input) ||
    !SOURCES.has(input.source) ||
    typeof input.live !== 'boolean' ||
    typeof input.caughtUp !== 'boolean'
  )
    return null;
  if (!isFiniteNumber(input.receivedAt) || !Array.isArray(input.seats)) return null;
  const venueTs = nullable(input.venueTs, isFiniteNumber);
  const betweenHands = nullable(input.betweenHands, (value): value is boolean => typeof value === 'boolean');
  const hand = nullable(input.handNumber, isInteger);
  if (venueTs === undefined || betweenHands === undefined || hand === undefined) return null;
  const seats: ObservedSeat[] = [];
  for (const entry of input.seats as unknown[]) {
    const seat = observedSeat(entry);
    if (seat === null) return null;
    seats.push(seat);
  }
  return {
    source: input.source as ObservationSource,
    live: input.live,
    caughtUp: input.caughtUp,
    receivedAt: input.receivedAt,
    venueTs,
    betweenHands,
    handNumber: hand,
    seats,
  };
}

/**
 * A transaction_applied payload stamped with when it was seen (and the frame's venue `ts`, seconds, when it had one),
 * or null when it is malformed.
 */
export function parseTransactionApplied(
  input: unknown,
  observedAt: number,
  venueTs: number | null = null,
): TransactionAppliedObservation | null {
  const parsed = transactionAppliedSchema.safeParse(input);
  const ts = typeof venueTs === 'number' && Number.isFinite(venueTs) ? venueTs : null;
  return parsed.success ? { ...parsed.data, observedAt, venueTs: ts } : null;
}
