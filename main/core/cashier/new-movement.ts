/**
 * A new movement: its first state, built from what the cashier asked for, and its start (the intent journaled,
 * fdatasync'd, before anything leaves).
 */
import { reduceMovement } from './machine';
import type { CashierRuntime } from './runtime';
import type { Movement, MovementRequest, MovementRequestFields, ObservedSeat, TableObservation } from './types';

export function newMovement(
  request: MovementRequestFields,
  key: string,
  at: number,
  seat: ObservedSeat | null,
  replaces: string | null,
  shiftId: string | null,
  intentId: string | null = null,
): Movement {
  return {
    key,
    action: request.action,
    playerName: request.playerName,
    playerId: request.playerId ?? seat?.player_id ?? null,
    seatId: request.seatId ?? seat?.seat_id ?? null,
    amount: request.amount,
    closeSession: request.closeSession,
    stackAtAsk: seat?.stack ?? null,
    stackAtSend: null,
    handAtSend: null,
    state: 'queued',
    createdAt: at,
    updatedAt: at,
    firstSentAt: null,
    mayHaveReachedHost: false,
    attempts: [],
    next: null,
    doubt: null,
    evidence: null,
    settlement: null,
    replaces,
    replacedBy: null,
    flags: [],
    message: 'Queued.',
    shiftId,
    intentId,
  };
}

/** The request as the movement keeps it for good. */
export function requestFields(request: MovementRequest): MovementRequestFields {
  return {
    action: request.kind === 'buy_in' ? 'buy-in' : 'cash-out',
    playerName: request.playerName,
    playerId: request.playerId,
    seatId: request.seatId,
    amount: request.amount ?? null,
    closeSession: request.kind === 'cash_out' && request.closeSession,
  };
}

/**
 * Journals a new movement; when it can go now, the intent is its first record (one fdatasync before the send).
 * `link` writes whatever else must be durable before the first request leaves (a re-send's link).
 */
export async function startMovement(
  runtime: CashierRuntime,
  fresh: Movement,
  table: TableObservation | null,
  link?: () => Promise<unknown>,
): Promise<Movement> {
  const { store, sender, phase } = runtime;
  const leavesAtOnce = sender.canAutoSend();
  const movement = leavesAtOnce ? reduceMovement(fresh, sender.sendEvent(fresh, table)) : fresh;
  await store.exclusive(movement.key, () =>
    store.put(movement, { durable: true, onWritten: () => phase('intent-written', movement.key) }),
  );
  await link?.();
  if (leavesAtOnce) phase('intent-synced', movement.key);
  sender.schedule(movement.key);
  return store.get(movement.key) ?? movement;
}
