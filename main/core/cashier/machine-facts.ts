/**
 * Facts the reducer records whatever the movement's state, settled or not (a double application, the live event an
 * answered application claims, a re-send link), and the line a counted movement keeps while its key is asked. Its
 * own file because these never go through the state table: `machine.ts` takes them before it looks at the state.
 */
import { countedMessage, countedByCashier } from './decision';
import type { MovementEvent } from './machine';
import type { Movement, MovementFlag } from './types';
import { SETTLED_STATES } from './types';

/** A flag added once: a flag already there is kept as it is. */
export function addFlag(flags: readonly MovementFlag[], flag: MovementFlag): readonly MovementFlag[] {
  return flags.includes(flag) ? flags : [...flags, flag];
}

/** What a double application moved and what undoes it, in words a cashier acts on. */
function doubleMessage(movement: Movement, partner: string): string {
  const what = movement.amount === null ? 'the whole stack' : `${movement.amount} chips`;
  const undo =
    movement.action === 'buy-in'
      ? `the stack was credited twice: take ${what} back (a cash-out) unless the player paid twice`
      : `the stack was debited twice: credit ${what} back (a buy-in) unless the cash was paid out twice`;
  return `DOUBLE: this movement and ${partner} both applied. Adjustment needed: ${undo}.`;
}

export type FactEvent = Extract<MovementEvent, { readonly type: 'partner-applied' | 'claimed' | 'replaced' }>;

export const isFact = (event: MovementEvent): event is FactEvent =>
  event.type === 'partner-applied' || event.type === 'claimed' || event.type === 'replaced';

/** Facts recorded whatever the state, settled or not: a double, the event an application claims, a re-send link. */
export function recordFact(movement: Movement, event: FactEvent): Movement {
  if (event.type === 'partner-applied') {
    return {
      ...movement,
      flags: addFlag(movement.flags, 'both-applied'),
      updatedAt: event.at,
      message: doubleMessage(movement, event.partner),
    };
  }
  if (event.type === 'claimed') {
    // Once, and only for an application the host answered (an observed one keeps its event as evidence).
    const settlement = movement.settlement;
    if (
      movement.state !== 'applied' ||
      settlement === null ||
      settlement.how === 'observed' ||
      (settlement.claimedEvent ?? null) !== null
    )
      return movement;
    return { ...movement, settlement: { ...settlement, claimedEvent: event.event } };
  }
  // The re-send link is recorded in any state (recovery repairs a link a crash cut in half); set once.
  if (movement.replacedBy !== null) return movement;
  // `isSettled` (machine.ts), read from its set here so that machine.ts and this file do not import each other.
  const message = SETTLED_STATES.has(movement.state)
    ? movement.message
    : `Sent again as ${event.by}; still asking about this one: if it turns out applied, both are flagged.`;
  const decision =
    event.operator === undefined
      ? (movement.decision ?? null)
      : {
          choice: 'send-again' as const,
          at: event.at,
          wallAt: event.wallAt ?? event.at,
          by: event.operator,
          evidenceEvent: null,
        };
  return { ...movement, replacedBy: event.by, updatedAt: event.at, message, decision };
}

/**
 * While a counted movement's key is still asked, every line says so first: it is counted in the drawer on the
 * cashier's decision, not on the venue's answer.
 */
export function keepCountedVisible(before: Movement, after: Movement): Movement {
  if (!countedByCashier(after) || after === before || after.decision === undefined || after.decision === null)
    return after;
  if (after.message.startsWith('Counted as applied')) return after;
  return { ...after, message: countedMessage(after.decision, after.message) };
}
