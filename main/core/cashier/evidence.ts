/**
 * Deciding an in-doubt movement from what the live plane shows: a matching transaction_applied event seen after
 * the intent was journaled, or the live stack against the stack seen when the movement left. Pure.
 */
import type { Evidence, Movement, ObservedSeat, TableObservation, TransactionAppliedObservation } from './types';

const cents = (value: number): number => Math.round(value * 100) / 100;

/** Whether a seat or event is this movement's player: by permanent id when both have one, else by name. */
export function samePlayer(movement: Movement, playerId: string | null, name: string | null): boolean {
  if (movement.playerId !== null && playerId !== null) return movement.playerId === playerId;
  return name !== null && name === movement.playerName;
}

/**
 * One host application's identity, from what the event itself says (not when it was seen): a replayed or
 * re-delivered copy of the same event has the same identity, so it can never count as a second application.
 */
export function eventIdentity(event: TransactionAppliedObservation): string {
  return JSON.stringify([event.session_id, event.hand_number, event.seat_id, event.player_id, event.name, event.kind,
    event.amount, event.delta, event.stack_before, event.stack_after]);
}

/**
 * A transaction_applied event from the buy-in/cash-out routes for this player, kind and amount, seen after the
 * intent was journaled and not stamped with a hand from before the movement left.
 */
export function matchesMovement(movement: Movement, event: TransactionAppliedObservation): boolean {
  if (event.source !== 'transaction' || movement.firstSentAt === null || event.observedAt < movement.firstSentAt) return false;
  if (event.hand_number !== null && movement.handAtSend !== null && event.hand_number < movement.handAtSend) return false;
  if (!samePlayer(movement, event.player_id, event.name)) return false;
  const kind = movement.action === 'buy-in' ? 'buy_in' : 'cash_out';
  if (event.kind !== kind) return false;
  // The application of this request started from the stack the movement left with. An application of the same
  // kind and amount that started elsewhere is another one: an earlier movement's event replayed after a restart
  // (its claim lived in memory), or a terminal we do not know of.
  if (movement.stackAtSend !== null && event.stack_before !== null && cents(event.stack_before) !== cents(movement.stackAtSend)) return false;
  if (movement.amount === null) return true;
  return event.amount !== null && cents(event.amount) === cents(movement.amount);
}

function findSeat(movement: Movement, table: TableObservation | null): ObservedSeat | null {
  if (table === null) return null;
  return table.seats.find((seat) => samePlayer(movement, seat.player_id, seat.name)) ?? null;
}

export interface EvidenceInputs {
  readonly now: number;
  readonly table: TableObservation | null;
  /** When the table view was received: a view older than the doubt cannot show what happened since. */
  readonly tableObservedAt: number | null;
  /** Events not yet attributed to any movement: an attributed event is never evidence again. */
  readonly events: readonly TransactionAppliedObservation[];
  /** Another unsettled movement of ours for the same player (its effect would blur the stack comparison). */
  readonly otherMovementForPlayer: boolean;
}

function expectedStack(movement: Movement): number | null {
  if (movement.stackAtSend === null) return null;
  if (movement.action === 'buy-in') return movement.amount === null ? null : cents(movement.stackAtSend + movement.amount);
  return movement.amount === null ? 0 : cents(movement.stackAtSend - movement.amount);
}

function stackCheck(movement: Movement, inputs: EvidenceInputs): Evidence['stackCheck'] & { readonly verdict: Evidence['verdict'] } {
  const seat = findSeat(movement, inputs.table);
  const stackNow = seat?.stack ?? null;
  const expectedIfApplied = expectedStack(movement);
  const base = { stackAtSend: movement.stackAtSend, stackNow, expectedIfApplied };
  const unusable = (why: string) => ({ ...base, usable: false, why, verdict: 'inconclusive' as const });
  if (inputs.table === null || inputs.tableObservedAt === null) return unusable('No live view of the table.');
  const since = movement.doubt?.since ?? movement.firstSentAt;
  if (since !== null && inputs.tableObservedAt < since) return unusable('The table view predates the doubt; waiting for a fresh one.');
  if (!inputs.table.betweenHands) return unusable('A hand is in progress: stacks are moving.');
  if (inputs.otherMovementForPlayer) return unusable('Another movement for this player is unsettled.');
  if (movement.stackAtSend === null) return unusable('The stack was not seen when the movement left.');
  if (movement.handAtSend === null || inputs.table.handNumber == null) return unusable('Hand numbers unknown: cannot tell whether a hand was played since.');
  if (inputs.table.handNumber !== movement.handAtSend) return unusable(`Hands were played since it left (hand ${movement.handAtSend} -> ${inputs.table.handNumber}).`);
  if (seat === null || stackNow === null) {
    // A whole-stack cash-out that closed the session may remove the player from the table.
    if (movement.action === 'cash-out' && movement.closeSession) return unusable('The player is no longer seated.');
    return unusable('The player is not seen at the table.');
  }
  if (expectedIfApplied !== null && cents(stackNow) === expectedIfApplied && expectedIfApplied !== cents(movement.stackAtSend)) {
    return { ...base, usable: true, why: `Stack is ${stackNow}, exactly what applying it gives.`, verdict: 'applied' };
  }
  if (cents(stackNow) === cents(movement.stackAtSend)) {
    return { ...base, usable: true, why: `Stack is still ${stackNow}, as when it left, and no hand was played since.`, verdict: 'not-applied' };
  }
  return unusable(`Stack is ${stackNow}: neither the stack it left with (${movement.stackAtSend}) nor the applied result (${expectedIfApplied ?? 'unknown'}).`);
}

/** Checks the player's stack for an in-doubt movement and says what was seen. */
export function assessEvidence(movement: Movement, inputs: EvidenceInputs): Evidence {
  const matchingEvent = inputs.events.find((event) => matchesMovement(movement, event)) ?? null;
  const check = stackCheck(movement, inputs);
  const { verdict: stackVerdict, ...stack } = check;
  if (matchingEvent !== null) {
    return { checkedAt: inputs.now, verdict: 'applied', matchingEvent, stackCheck: stack,
      summary: `transaction_applied seen for ${matchingEvent.name ?? movement.playerName}: ${matchingEvent.kind} ${matchingEvent.amount ?? ''} (stack ${matchingEvent.stack_before ?? '?'} -> ${matchingEvent.stack_after ?? '?'}).` };
  }
  return { checkedAt: inputs.now, verdict: stackVerdict, matchingEvent: null, stackCheck: stack,
    summary: stackVerdict === 'applied' ? stack.why : stackVerdict === 'not-applied' ? `No transaction_applied seen, and ${stack.why[0]?.toLowerCase() ?? ''}${stack.why.slice(1)}` : `Cannot tell: ${stack.why}` };
}
