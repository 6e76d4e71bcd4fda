/**
 * The line under a form after a press, following the movement it made until the venue answers: still on its way
 * (neutral), applied (green), or refused (the refusal's colour and its plain sentence). A press is answered by what
 * the venue did with it, not by "added to the tray".
 */
import type { MovementView } from '../../preload/contract';
import { cashText, type CashUnit } from '../../preload/contract/cash-text';
import type { Feedback } from './CashierFeedback';
import { movementSentence, refusalSentence } from './movement-sentence';
import { shortReference } from './movement-text';

interface Wording {
  readonly unit: CashUnit;
  readonly hideAmounts: boolean;
}

/**
 * The amount the venue's answer says it applied (a whole-stack cash-out pays the stack at that moment), named when the
 * press did not name it already ("Cash out all" does not).
 */
function appliedFeedback(movement: MovementView, what: string, wording: Wording): Feedback {
  const paid = wording.hideAmounts || movement.amount === null ? null : cashText(movement.amount, wording.unit);
  if (paid === null || what.includes(paid)) return { kind: 'sent', text: `${what}: applied by the venue.` };
  return { kind: 'sent', text: `${what}: applied by the venue (${paid}).` };
}

/** `what` names the press ("Buy in 200 chips for Zed (walk-in)"); null while the tray does not hold it. */
export function followedFeedback(movement: MovementView | undefined, what: string, wording: Wording): Feedback | null {
  if (movement === undefined) return null;
  switch (movement.status) {
    case 'applied':
      return appliedFeedback(movement, what, wording);
    case 'refused':
      return {
        kind: 'refused',
        sentence: `${what}: refused by the venue. ${refusalSentence(movement, wording)}`,
        detail: `Reference ${shortReference(movement.id)}`,
      };
    default: {
      const sentence = movementSentence(movement, wording);
      const waiting = sentence ?? 'Sent to the venue: waiting for its answer.';
      return { kind: 'waiting', text: `${what}: ${waiting}` };
    }
  }
}
