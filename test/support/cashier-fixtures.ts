/** Movement and attempt builders for cashier unit tests. */
import type {
  Movement,
  MovementRequest,
  ObservedSeat,
  TableObservation,
  TransactionAppliedObservation,
} from '../../main/core/cashier/index';
import { newMovement } from '../../main/core/cashier/new-movement';
import type { VenueEvent } from '../../main/core/cashier/reconcile/types';
import type { TransactionAttempt } from '../../main/core/venue/transaction';
import { readTransactionAnswer } from '../../main/core/venue/transaction-answer';
import { movementRequestSchema } from '../../preload/contract/cashier';

export const T0 = 1_700_000_000_000;

/**
 * A movement in the given state with sensible defaults (a 50-chip buy-in for Alice, sent at T0): the cashier's own
 * first state (newMovement), moved on to `sending` as the sender would have, so a field added to a movement is set
 * here the way the cashier sets it.
 */
export function movementFixture(overrides: Partial<Movement> = {}): Movement {
  const fields = { action: 'buy-in', playerName: 'Alice', playerId: 'p-alice', seatId: 1, amount: 50 } as const;
  const first = newMovement({ ...fields, closeSession: false }, 'mv-fixture-0001', T0, null, null, null);
  return {
    ...first,
    stackAtAsk: 100,
    stackAtSend: 100,
    handAtSend: 7,
    state: 'sending',
    firstSentAt: T0,
    message: '',
    ...overrides,
  };
}

/** A live, caught-up GET /live/state reading between hands (hand 7), received at T0 + 150 (after a doubt at T0+100). */
export function liveReadingFixture(
  seats: readonly ObservedSeat[],
  overrides: Partial<TableObservation> = {},
): TableObservation {
  return {
    source: 'live-state-read',
    live: true,
    caughtUp: true,
    receivedAt: T0 + 150,
    venueTs: null,
    betweenHands: true,
    handNumber: 7,
    seats,
    ...overrides,
  };
}

/** A transaction_applied event as the cashier sees it: Alice's 50-chip buy-in from 100 in hand 7, seen at T0 + 10. */
export function appliedEventFixture(
  overrides: Partial<TransactionAppliedObservation> = {},
): TransactionAppliedObservation {
  return {
    kind: 'buy_in',
    seat_id: 1,
    player_id: 'p-alice',
    name: 'Alice',
    amount: 50,
    delta: 50,
    stack_before: 100,
    stack_after: 150,
    hand_number: 7,
    source: 'transaction',
    session_id: 's1',
    observedAt: T0 + 10,
    ...overrides,
  };
}

/** A venue event another writer made: Bob's 404-chip top-up on seat 4 in hand 9, at and seen at T0 + 50. */
export function otherWriterTopUpFixture(overrides: Partial<VenueEvent> = {}): VenueEvent {
  return {
    kind: 'buy_in',
    seat_id: 4,
    player_id: 'p-bob',
    name: 'Bob',
    amount: 404,
    delta: 404,
    stack_before: 10,
    stack_after: 414,
    hand_number: 9,
    source: 'transaction',
    session_id: 's-1',
    run: 0,
    seq: 12,
    venueTs: T0 + 50,
    receivedAt: T0 + 50,
    catchUp: false,
    ...overrides,
  };
}

/**
 * An answered attempt, read by the edge's one reader (venue/transaction-answer.ts) as the real transport does.
 * `retryAfterSec` puts the venue's `retry_after_sec` into the body.
 */
export function answer(
  status: number,
  body: unknown,
  options: { readonly replay?: boolean; readonly retryAfterSec?: number } = {},
): TransactionAttempt {
  const hinted =
    options.retryAfterSec !== undefined && body !== null && typeof body === 'object'
      ? { ...body, retry_after_sec: options.retryAfterSec }
      : body;
  return readTransactionAnswer(status, hinted, options.replay ?? false);
}

export const resetBeforeSend: TransactionAttempt = {
  kind: 'no-response',
  phase: 'before-send',
  message: 'ECONNREFUSED',
};
export const resetAfterSend: TransactionAttempt = { kind: 'no-response', phase: 'unknown', message: 'ECONNRESET' };

/** The seats of the simulated players (test/support/cashier-harness.ts SIM_PLAYERS), by name. */
const SIM_SEATS: Readonly<Record<string, number>> = { Alice: 1, Bob: 2, Carol: 3 };

/**
 * What a test asks for, in the words tests use (`action: 'buy-in'`): extra fields are ignored, as the contract would.
 */
export interface TestRequest {
  readonly action: 'buy-in' | 'cash-out';
  readonly playerName: string;
  readonly amount?: number | undefined;
  readonly closeSession?: boolean;
  readonly seatId?: number;
  readonly playerId?: string | null;
  readonly confirmed?: boolean;
  readonly intentId?: string;
  readonly confirmSecond?: boolean;
}

/** A test request in the contract's shape, before the contract's parse. */
function requestInput(input: TestRequest): Record<string, unknown> {
  return {
    kind: input.action === 'buy-in' ? 'buy_in' : 'cash_out',
    seatId: input.seatId ?? SIM_SEATS[input.playerName] ?? 1,
    playerName: input.playerName,
    playerId: input.playerId ?? null,
    ...(input.amount !== undefined ? { amount: input.amount } : {}),
    closeSession: input.closeSession ?? false,
    ...(input.confirmed !== undefined ? { confirmed: input.confirmed } : {}),
    ...(input.intentId !== undefined ? { intentId: input.intentId } : {}),
    ...(input.confirmSecond !== undefined ? { confirmSecond: input.confirmSecond } : {}),
  };
}

/**
 * A test request parsed by the contract's schema, as the session's dispatch parses it (only that parse makes a
 * MovementRequest), or the schema's problems when it refuses it (the session then answers bad_arguments).
 */
export function parseTestRequest(
  input: TestRequest,
):
  | { readonly ok: true; readonly request: MovementRequest }
  | { readonly ok: false; readonly errors: readonly string[] } {
  const parsed = movementRequestSchema.safeParse(requestInput(input));
  return parsed.success
    ? { ok: true, request: parsed.data }
    : { ok: false, errors: parsed.error.issues.map((issue) => issue.message) };
}

/** A cashier request as the contract's schema parses it; throws when the schema refuses it. */
export function movementRequest(input: TestRequest): MovementRequest {
  return movementRequestSchema.parse(requestInput(input));
}
