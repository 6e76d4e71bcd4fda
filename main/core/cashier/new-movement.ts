/**
 * A new movement: its first state, built from what the cashier asked for. Its start (the intent journaled,
 * fdatasync'd, before anything leaves) is the sender's (`sender.ts` `start`).
 */
import type { Movement, MovementRequestFields, ObservedSeat } from './types';

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
