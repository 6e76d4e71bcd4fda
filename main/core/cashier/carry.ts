/**
 * Movements carried over a close, pure. A shift may close while a movement is in doubt (its outcome unknown, the
 * cashier has not counted it): the close lists it as an open exception and the movement is booked in the next shift
 * opened, which counts it once it settles. The movement itself is unchanged (same key, still asked): only the shift
 * that books it moves. The closed shift's figures were written at its close and never change.
 */
import { fromCents, toCents, type Cents } from '../venue/money';
import { localDateTime } from '../../../preload/contract/local-time';
import { countedByCashier } from './decision';
import { shortReference } from './slip';
import type { Movement } from './types';

/** An in-doubt movement a close carried to the next shift, as the close recorded it. */
export interface CarriedItem {
  readonly key: string;
  readonly playerName: string;
  readonly action: Movement['action'];
  /** The amount asked, in whole cents; null for a whole-stack cash-out. */
  readonly amount: Cents | null;
  /** Its state at the close. */
  readonly state: Movement['state'];
}

/** The shape of a shift this module reads (kept narrow so shift.ts can import it without a cycle). */
interface CarryingShift {
  readonly id: string;
  readonly openedAt: number;
  readonly close: { readonly at: number; readonly carried?: readonly CarriedItem[] } | null;
}

/** In doubt and not counted by the cashier: a close carries it to the next shift instead of waiting for it. */
export const isCarriedAtClose = (movement: Movement): boolean =>
  movement.state === 'in-doubt' && !countedByCashier(movement);

export function carriedItem(movement: Movement): CarriedItem {
  return {
    key: movement.key,
    playerName: movement.playerName,
    action: movement.action,
    amount: movement.amount === null ? null : toCents(movement.amount),
    state: movement.state,
  };
}

const carries = (shift: CarryingShift | undefined, key: string): boolean =>
  shift?.close?.carried?.some((item) => item.key === key) ?? false;

/**
 * The shift that books a movement: its own, or, when closes carried it, the shift opened after the last close that
 * carried it. Null while a carried movement waits for the next shift to open (no shift books it yet).
 */
export function bookingShift(movement: Movement, own: string | null, shifts: readonly CarryingShift[]): string | null {
  let id = own;
  for (;;) {
    const shift = shifts.find((candidate) => candidate.id === id);
    if (shift === undefined || !carries(shift, movement.key)) return id;
    const closedAt = shift.close?.at ?? 0;
    id = shifts.find((candidate) => candidate.openedAt >= closedAt && candidate.id !== shift.id)?.id ?? null;
    if (id === null) return null;
  }
}

/** The shift whose close first carried this movement into `bookedIn` (another shift), or null: not carried. */
export function carriedFrom(key: string, bookedIn: string, shifts: readonly CarryingShift[]): string | null {
  return shifts.find((shift) => shift.id !== bookedIn && carries(shift, key))?.id ?? null;
}

const amountText = (item: CarriedItem): string =>
  item.amount === null ? 'whole stack' : String(fromCents(item.amount));

/** A carried item as the closed shift's paper lists it: what, who, how much, reference, state. */
export function carriedLine(item: CarriedItem): string {
  return (
    `Carried to the next shift, still in doubt: ${item.playerName} ${item.action} ${amountText(item)} ` +
    `(${item.state === 'in-doubt' ? 'outcome unknown' : item.state}, reference ${shortReference(item.key)}); ` +
    'not in this shift’s expected cash, the next shift counts it once the venue answers'
  );
}

/** A carried movement as the booking shift's paper lists it: where it came from and how it ended. */
export function carriedSettledLine(movement: Movement, fromShift: string, settledWallAt: number | null): string {
  const from = `Carried from shift ${fromShift}`;
  if (movement.state === 'applied' || movement.state === 'refused') {
    const when = settledWallAt === null ? '' : ` at ${localDateTime(settledWallAt)}`;
    const counted = movement.state === 'applied' ? 'counted in this shift' : 'no cash moved';
    return `${from}, settled ${movement.state}${when}: ${counted}`;
  }
  return `${from}, still in doubt: not in the expected cash until the venue answers`;
}

/** How a movement that holds a close stands, in the cashier's words. */
const HOLDING_WORDS: Partial<Record<Movement['state'], string>> = {
  queued: 'queued, never sent',
  sending: 'being sent',
  'with-host': "with the venue's host",
};

export const holdingState = (state: Movement['state']): string => HOLDING_WORDS[state] ?? state.replace(/-/g, ' ');

/**
 * What the cashier can do about the movements that hold a close: a queued one never reached the venue, so it can be
 * cancelled in the tray (or sent) and the shift closed; one on its way settles by itself.
 */
export function holdingHint(holding: readonly Pick<Movement, 'state'>[]): string {
  return holding.some((movement) => movement.state === 'queued')
    ? ' A queued movement was never sent: cancel it in the tray (nothing reaches the venue) or send it, then close.'
    : '';
}
