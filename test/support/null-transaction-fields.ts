/**
 * Every optional field of a transaction_applied payload set to null: what the cashier's observation holds for a field
 * the venue left out or sent as null, and a payload that sends them all as null.
 */
export const NULL_TRANSACTION_FIELDS = {
  seat_id: null,
  player_id: null,
  name: null,
  amount: null,
  delta: null,
  stack_before: null,
  stack_after: null,
  hand_number: null,
  source: null,
  session_id: null,
} as const;
