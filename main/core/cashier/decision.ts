/**
 * The cashier's decisions on an in-doubt movement, pure. A decision is the cashier's, recorded with who and when; it
 * is never the venue's answer, so it never settles the key: the key keeps being asked until the venue answers it.
 * A movement counted as applied ("accept-shown") is in the drawer's expected cash meanwhile, visibly as an exception;
 * if the venue then says the key did not apply, the movement is refused and flagged `counted-not-applied`, with the
 * correction the drawer needs.
 */
import { localClock } from '../../../preload/contract/local-time';
import type { CashierDecision, Movement, TransactionAppliedObservation } from './types';

/** Counted as applied by the cashier, and the venue has not answered the key yet. */
export const countedByCashier = (movement: Movement): boolean =>
  movement.state === 'in-doubt' && movement.decision?.choice === 'accept-shown';

/** The event a cashier's count holds for this movement until its key answers (consumed meanwhile), or null. */
export function heldEvidence(movement: Movement): TransactionAppliedObservation | null {
  if (movement.decision?.choice !== 'accept-shown') return null;
  return movement.decision.evidenceEvent;
}

/** Who decided and when, as a cashier reads it: "Ann, 17:02" (or just the time when no operator was recorded). */
export function decidedBy(decision: CashierDecision): string {
  // For people: the wall clock when it was decided (an order time is not a time of day after a clock step).
  const when = localClock(decision.wallAt ?? decision.at);
  return decision.by === null ? when : `${decision.by}, ${when}`;
}

/** The line shown while a counted movement's key is still being asked. */
export const countedMessage = (decision: CashierDecision, detail: string): string =>
  `Counted as applied by the cashier (${decidedBy(decision)}), still asking the venue. ${detail}`.trim();

/** What the drawer needs when the venue refused a key the cashier had counted as applied. */
function correction(movement: Movement, amount: number | null): string {
  const what = amount === null ? 'the whole stack paid out' : `the ${amount} paid out`;
  if (movement.action === 'cash-out') {
    const back = amount === null ? 'the cash' : String(amount);
    return `collect ${back} back from ${movement.playerName}: ${what} was not taken from their stack`;
  }
  const paid = amount === null ? 'the buy-in' : `the ${amount} buy-in`;
  return `${paid} was not added to ${movement.playerName}'s stack: add it at the table or give the cash back`;
}

/** The amount the count was for: the evidence event's, else the amount asked (null: the whole stack, unknown). */
function countedAmount(movement: Movement): number | null {
  const event = heldEvidence(movement);
  const fromEvent = event === null ? null : (event.amount ?? (event.delta === null ? null : Math.abs(event.delta)));
  return fromEvent ?? movement.amount;
}

/**
 * The shift a contradicted count's correction is booked in, when that is not its own (closed before the answer came):
 * there the count is reversed (a cash-out counted in a closed shift comes back into the open shift's expected cash).
 */
export function correctionShift(movement: Movement): string | null {
  if (!movement.flags.includes('counted-not-applied')) return null;
  return movement.decision?.correctedInShift ?? null;
}

/** The signed chips a booked correction moves the expected cash by (the count reversed), or null when unknown. */
export function correctionDelta(movement: Movement): number | null {
  const amount = countedAmount(movement);
  if (amount === null) return null;
  return movement.action === 'cash-out' ? Math.abs(amount) : -Math.abs(amount);
}

/** The correction a counted movement the venue refused needs, or null for any other movement. */
export function correctionNeeded(movement: Movement): string | null {
  if (!movement.flags.includes('counted-not-applied')) return null;
  return correction(movement, countedAmount(movement));
}

/** What the cashier decided, for the ledger: "counted as applied by the cashier (Ann, 17:02)", or null. */
export function decisionLine(movement: Movement): string | null {
  const decision = movement.decision;
  if (decision === undefined || decision === null) return null;
  const what =
    decision.choice === 'accept-shown'
      ? 'counted as applied'
      : decision.choice === 'leave'
        ? 'left in doubt'
        : 'sent again';
  const booked =
    decision.correctedInShift === undefined || decision.correctedInShift === null
      ? ''
      : `; correction booked in shift ${decision.correctedInShift}`;
  return `${what} by the cashier (${decidedBy(decision)})${booked}`;
}

/**
 * A cashier's count as the shift summary lists it, or null for any other movement: counted and still asked, or
 * contradicted by the venue (with the correction to make, and where it was booked when its own shift was closed).
 */
export function exceptionLine(movement: Movement): string | null {
  const decision = movement.decision;
  if (decision?.choice !== 'accept-shown') return null;
  const who = `${movement.playerName} ${movement.action}, counted as applied by the cashier (${decidedBy(decision)})`;
  if (countedByCashier(movement)) return `${who}, still asking the venue: in the expected cash until it answers`;
  const fix = correctionNeeded(movement);
  if (fix === null) return null;
  const booked =
    decision.correctedInShift === undefined || decision.correctedInShift === null
      ? 'out of the expected cash'
      : `reversed in shift ${decision.correctedInShift}`;
  return `${who}, the venue says NOT applied (${booked}): ${fix}`;
}

/** The message of a counted movement the venue then refused: loud, with the correction to make. */
export function contradictionMessage(movement: Movement, refusal: string): string {
  const decision = movement.decision;
  const who = decision === undefined || decision === null ? '' : ` (${decidedBy(decision)})`;
  return (
    `COUNTED AS APPLIED by the cashier${who}, the venue says NOT applied: ${refusal} ` +
    `Out of the expected cash; correction needed: ${correction(movement, countedAmount(movement))}.`
  );
}

/** A counted movement the venue confirmed: the decision stands, settled by the venue's own answer. */
export function confirmedMessage(movement: Movement, base: string): string {
  const decision = movement.decision;
  if (decision?.choice !== 'accept-shown') return base;
  return `${base} The venue confirmed the cashier's count (${decidedBy(decision)}).`;
}
