/**
 * `request`: whether a new movement may be made now, and if so its intent journaled. The checks and the claim are
 * one synchronous step, so a second press arriving while the first is being journaled sees the first.
 */
import type { RequestResult } from './api';
import { DISK_FULL_REFUSAL, diskHealth, hasMovementReserve, isDiskFull } from '../storage/disk-space';
import { seatReading } from './evidence';
import { countedByCashier } from './decision';
import { recentIdentical } from './intents';
import { newIdempotencyKey } from './key';
import { newMovement } from './new-movement';
import { unsettledFor } from './policy';
import { walkInBlocker } from './walk-in';
import { ACCESS_WITHDRAWN, isClosed, type CashierRuntime } from './runtime';
import type { MovementRequest, MovementRequestFields, ObservedSeat } from './types';

/** How long an identical movement (player, kind, amount) counts as "just made": a second one needs confirming. */
export const DUPLICATE_WINDOW_MS = 60_000;

/** The refusal when two seats carry one name as the venue matches names: it cannot tell which seat is meant. */
function namesakeRefusal(name: string, seats: readonly ObservedSeat[]): string {
  const where = seats.map((seat) => `seat ${seat.seat_id ?? '?'} (${seat.name ?? '?'})`).join(' and ');
  return (
    `${where} carry the same name as the venue reads names, and the venue applies money by name: it cannot tell ` +
    `which seat is meant. Nothing was sent; ask the table to rename one of them, then try again.`
  );
}

/** The request as the movement keeps it for good. */
function requestFields(request: MovementRequest): MovementRequestFields {
  return {
    action: request.kind === 'buy_in' ? 'buy-in' : 'cash-out',
    playerName: request.playerName,
    playerId: request.playerId,
    seatId: request.seatId,
    amount: request.amount ?? null,
    closeSession: request.kind === 'cash_out' && request.closeSession,
  };
}

/** Why the cashier takes no new movement at all right now, or null. */
function notTaking(runtime: CashierRuntime): string | null {
  if (isClosed(runtime)) return 'The cashier is closed.';
  if (!runtime.ready) return 'Recovering unfinished movements; new movements are accepted once they have resumed.';
  if (runtime.access === 'withdrawn') return ACCESS_WITHDRAWN;
  return null;
}

/** The refusal while the disk cannot take a movement's intent and answer. */
export const DISK_FULL_BLOCKED: RequestResult = { kind: 'blocked', reason: DISK_FULL_REFUSAL, code: 'disk_full' };

/**
 * `requestMovement` once the data folder's disk has the reserve a movement needs (its intent and its answer): a
 * movement whose answer could not be journaled would have to wait in memory, so none starts on a full disk.
 */
export async function requestWithSpace(runtime: CashierRuntime, input: MovementRequest): Promise<RequestResult> {
  const hasSpace = runtime.options.hasSpace ?? hasMovementReserve;
  if (!(await hasSpace(runtime.options.dataDir))) {
    diskHealth.short('cashier');
    return DISK_FULL_BLOCKED;
  }
  return requestMovement(runtime, input);
}

export function requestMovement(
  runtime: CashierRuntime,
  input: MovementRequest,
): Promise<RequestResult> | RequestResult {
  const { store, intents, now } = runtime;
  const refusal = notTaking(runtime);
  if (refusal !== null) return { kind: 'blocked', reason: refusal };
  // The same press twice (a double-click, a bounced Enter) is one intent: the first press's movement.
  const earlier = input.intentId === undefined ? null : intents.earlier(input.intentId, store.values());
  if (earlier !== null) return earlier;
  const fields = requestFields(input);
  const { watch } = runtime;
  const table = watch.stream();
  const seated = walkInBlocker(input, table?.seats ?? []);
  if (seated !== null) return { kind: 'blocked', reason: seated };
  // The table read once: the request is judged, and the movement leaves (its stack and hand), on the same reading.
  const reading = seatReading(fields, table, (player) => watch.freshness.isStale(player));
  // The venue applies by name: two seats that carry one name (as the venue matches names) cannot be told apart.
  const { namesakes, seat } = reading;
  if (namesakes.length > 1) return { kind: 'blocked', reason: namesakeRefusal(fields.playerName, namesakes) };
  const playerId = fields.playerId ?? seat?.player_id ?? null;
  // From here to `intents.hold` nothing awaits: the check and the claim are one step, so a second press arriving
  // while the first is being journaled sees it.
  const known = [...store.values(), ...intents.pending()];
  // A movement the cashier counted as applied is in the drawer while its key is still asked: it does not hold the
  // player's next one (whose stack evidence it still blurs: the evidence sees it as another unsettled movement).
  const busy = unsettledFor(
    known.filter((movement) => !countedByCashier(movement)),
    { playerId, playerName: fields.playerName },
    null,
  );
  if (busy !== null)
    return {
      kind: 'blocked',
      reason:
        `${fields.playerName} already has a ${busy.action} that is ${busy.state} ` +
        `(${busy.key}); it must settle first.`,
    };
  const first = recentIdentical(known, fields, now(), DUPLICATE_WINDOW_MS);
  if (first !== null && input.confirmSecond !== true)
    return {
      kind: 'duplicate',
      first,
      reason:
        `The same ${first.action} (${first.amount ?? 'whole stack'}) for ${first.playerName} was made moments ago ` +
        `(${first.key}, ${first.state}). Confirm to make a second one.`,
    };
  // The movement belongs to the shift open now; a close waits until it is journaled.
  const admission = runtime.shifts.admit();
  if (!admission.ok) return { kind: 'blocked', reason: admission.reason };
  const fresh = newMovement(fields, newIdempotencyKey(), now(), seat, null, admission.shiftId, input.intentId ?? null);
  const answer = (async (): Promise<RequestResult> => {
    try {
      const started = await runtime.sender.start(fresh, { stream: table, leaving: reading.leaving });
      return { kind: 'accepted', movement: started };
    } catch (error) {
      // The journal did not take the intent: nothing was sent. A full disk is a refusal in words, not a failure.
      if (isDiskFull(error)) return DISK_FULL_BLOCKED;
      throw error;
    } finally {
      admission.done();
    }
  })();
  intents.hold(fresh, answer);
  return answer;
}
