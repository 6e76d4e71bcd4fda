/**
 * A live transaction_applied event as the cashier's observation. The event's payload was parsed once, at the edge
 * (venue/schemas-live.ts, where a malformed field is dropped before anything reads it); this only keeps the money
 * kinds and gives every absent field one value (null), stamped with when it was seen.
 */
import type { TransactionApplied } from '../venue/schemas-live';
import type { StreamPosition, TransactionAppliedObservation } from './types';

const MONEY_KINDS: ReadonlySet<string> = new Set<TransactionAppliedObservation['kind']>([
  'buy_in',
  'cash_out',
  'adjustment',
]);

const isMoneyKind = (kind: string): kind is TransactionAppliedObservation['kind'] => MONEY_KINDS.has(kind);

/**
 * The event stamped with when it was seen (and the frame's venue `ts`, seconds, when it had one, and its place in the
 * stream when known); null for a kind the spec does not name, or a session id that is neither text nor a number (the
 * event cannot be identified).
 */
export function transactionObservation(
  payload: TransactionApplied,
  observedAt: number,
  venueTs: number | null = null,
  position: StreamPosition | null = null,
): TransactionAppliedObservation | null {
  const session = payload.session_id;
  if (!isMoneyKind(payload.kind)) return null;
  if (session != null && typeof session !== 'string' && typeof session !== 'number') return null;
  return {
    kind: payload.kind,
    seat_id: payload.seat_id ?? null,
    player_id: payload.player_id ?? null,
    name: payload.name ?? null,
    amount: payload.amount ?? null,
    delta: payload.delta ?? null,
    stack_before: payload.stack_before ?? null,
    stack_after: payload.stack_after ?? null,
    hand_number: payload.hand_number ?? null,
    source: payload.source ?? null,
    session_id: session == null ? null : String(session),
    observedAt,
    venueTs,
    ...(position === null ? {} : { position }),
  };
}
