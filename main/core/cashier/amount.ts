/**
 * How much an applied movement moved. The spec leaves the host's 200 answer shape open, so the amount is read from
 * the best source there is, in this order: the host's answer (a top-level `delta` or `amount`), the movement's own
 * transaction_applied event (claimed by the answer, or the one that settled it as evidence; after a restart the
 * feed's since_seq replay brings it back), the amount the cashier asked for, and for a whole-stack cash-out the
 * stack it left with. When none is known the ledger lists it as "amount to confirm", never drops it.
 */
import { fromCents, toCents } from '../venue/money';
import { countedByCashier, heldEvidence } from './decision';
import type { Movement } from './types';

/** Where an applied amount was read from. */
export type AmountSource = 'answer' | 'event' | 'request' | 'stack';

/** The signed chips an applied movement moved (+ buy-in, - cash-out), and where that figure comes from. */
export interface AppliedAmount {
  readonly delta: number;
  readonly source: AmountSource;
}

function numberField(body: unknown, field: string): number | null {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return null;
  const value = (body as Record<string, unknown>)[field];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** Signed to the movement's direction, rounded to cents. */
const signed = (movement: Movement, magnitude: number): number =>
  fromCents(toCents((movement.action === 'buy-in' ? 1 : -1) * Math.abs(magnitude)));

function fromAnswer(movement: Movement): number | null {
  const body = movement.settlement?.body;
  const delta = numberField(body, 'delta');
  if (delta !== null) return signed(movement, delta);
  const amount = numberField(body, 'amount');
  return amount === null ? null : signed(movement, amount);
}

function fromEvent(movement: Movement): number | null {
  const event = movement.settlement?.claimedEvent ?? heldEvidence(movement) ?? movement.evidence?.matchingEvent ?? null;
  if (event === null) return null;
  if (event.delta !== null) return signed(movement, event.delta);
  return event.amount === null ? null : signed(movement, event.amount);
}

function fromStack(movement: Movement): number | null {
  // A whole-stack cash-out moved the stack it left with (between hands, one movement per player at a time).
  if (movement.action === 'cash-out' && movement.amount === null && movement.stackAtSend !== null)
    return signed(movement, movement.stackAtSend);
  const check = movement.evidence?.stackCheck;
  if (check?.usable && check.stackAtSend !== null && check.stackNow !== null)
    return fromCents(toCents(check.stackNow - check.stackAtSend));
  return null;
}

/**
 * The applied amount, or null when the movement is not applied or nothing says how much (amount to confirm). A
 * movement the cashier counted as applied (its key not answered yet) counts as applied here: it is in the drawer.
 */
export function appliedAmount(movement: Movement): AppliedAmount | null {
  if (movement.state !== 'applied' && !countedByCashier(movement)) return null;
  const answered = fromAnswer(movement);
  if (answered !== null) return { delta: answered, source: 'answer' };
  const evented = fromEvent(movement);
  if (evented !== null) return { delta: evented, source: 'event' };
  if (movement.amount !== null) return { delta: signed(movement, movement.amount), source: 'request' };
  const stacked = fromStack(movement);
  return stacked === null ? null : { delta: stacked, source: 'stack' };
}

/** The signed applied amount in chips, or null (not applied, or amount to confirm). */
export function appliedDelta(movement: Movement): number | null {
  return appliedAmount(movement)?.delta ?? null;
}
