/**
 * The live inputs the cashier is given (a table view and transaction_applied payloads), validated with zod and read
 * tolerantly: unknown fields are ignored, malformed input is dropped (it changes nothing).
 */
import { z } from 'zod';
import type { TableObservation, TransactionAppliedObservation } from './types';

const optionalNumber = z.number().finite().nullish().transform((value) => value ?? null);
const optionalString = z.string().nullish().transform((value) => value ?? null);

const tableSchema = z.object({
  betweenHands: z.boolean(),
  // null from the venue means "no hand yet this session": hand 0. Absent means unknown (null), which the stack
  // evidence cannot use.
  handNumber: z.number().int().nullable().optional().transform((value) => (value === undefined ? null : value ?? 0)),
  seats: z.array(z.object({
    seat_id: z.number().int().nullish().transform((value) => value ?? null),
    player_id: optionalString,
    name: optionalString,
    stack: optionalNumber,
  })),
});

const transactionAppliedSchema = z.object({
  kind: z.enum(['buy_in', 'cash_out', 'adjustment']),
  seat_id: z.number().int().nullish().transform((value) => value ?? null),
  player_id: optionalString,
  name: optionalString,
  amount: optionalNumber,
  delta: optionalNumber,
  stack_before: optionalNumber,
  stack_after: optionalNumber,
  hand_number: optionalNumber,
  source: optionalString,
  session_id: z.union([z.string(), z.number()]).nullish().transform((value) => (value == null ? null : String(value))),
});

/** The table view, or null when it is malformed. */
export function parseTable(input: unknown): TableObservation | null {
  const parsed = tableSchema.safeParse(input);
  return parsed.success ? parsed.data : null;
}

/** A transaction_applied payload stamped with when it was seen, or null when it is malformed. */
export function parseTransactionApplied(input: unknown, observedAt: number): TransactionAppliedObservation | null {
  const parsed = transactionAppliedSchema.safeParse(input);
  return parsed.success ? { ...parsed.data, observedAt } : null;
}
