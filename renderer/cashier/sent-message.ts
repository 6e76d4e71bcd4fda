/**
 * The line under the cashier after a press that reached the tray. A whole-stack cash-out asked during a hand is paid
 * when the venue applies it, and the stack may have changed by then: the amount the line quotes is the one the venue
 * applied (the tray movement's, from the venue's answer), never the stack seen at the press.
 */
import type { MovementRequest, MovementView } from '../../preload/contract';
import { cashText, type CashUnit } from '../../preload/contract/cash-text';
import type { Feedback } from './CashierFeedback';

/** What was pressed, for whom, and the seat's stack at the press. */
export interface Press {
  readonly kind: MovementRequest['kind'];
  /** Absent on a cash-out of the whole stack. */
  readonly amount?: number;
  readonly closeSession?: boolean;
  readonly playerName: string;
  readonly stackAtPress: number | null;
  /** The tray movement main made of it. */
  readonly movementId: string;
}

export interface SentWording {
  readonly unit: CashUnit;
  /** The venue hides money: no amount is named. */
  readonly hideAmounts: boolean;
}

/** "Buy in 200 chips", "Cash out all 340 chips and close session". */
export function pressText(press: Omit<Press, 'movementId' | 'playerName'>, wording: SentWording): string {
  if (press.kind === 'buy_in') return `Buy in ${cashText(press.amount ?? 0, wording.unit)}`;
  const amount = press.amount ?? (wording.hideAmounts ? null : press.stackAtPress);
  const what = press.amount === undefined ? 'Cash out all' : 'Cash out';
  const amountText = amount !== null ? ` ${cashText(amount, wording.unit)}` : '';
  return `${what}${amountText}${press.closeSession === true ? ' and close session' : ''}`;
}

/** What the venue applied, once the tray movement says it did (its amount comes from the venue's answer). */
function appliedText(press: Press, movement: MovementView | undefined, wording: SentWording): string | null {
  if (movement?.id !== press.movementId || movement.status !== 'applied') return null;
  if (wording.hideAmounts) return ' The venue applied it.';
  return movement.amount === null
    ? ' The venue applied it: amount to confirm.'
    : ` The venue applied ${cashText(movement.amount, wording.unit)}.`;
}

/**
 * The line for a press, given its tray movement as it is now (undefined once it left the tray). A whole-stack
 * cash-out names the stack at the press only as that ("106.8 chips on the seat when asked"), until the venue's
 * applied amount replaces it.
 */
export function sentMessage(press: Press, movement: MovementView | undefined, wording: SentWording): string {
  const applied = appliedText(press, movement, wording);
  const whole = press.kind === 'cash_out' && press.amount === undefined;
  const asked = whole
    ? `Cash out all${press.closeSession === true ? ' and close session' : ''}`
    : pressText(press, wording);
  const seen =
    whole && applied === null && !wording.hideAmounts && press.stackAtPress !== null
      ? ` (${cashText(press.stackAtPress, wording.unit)} on the seat when asked)`
      : '';
  return `${asked}${seen} for ${press.playerName}: added to the tray.${applied ?? ''}`;
}

/** The feedback to show: a press's line as its tray movement stands now, or a refusal as it was said. */
export function shownFeedback(
  feedback: Feedback | Press | null,
  tray: readonly MovementView[],
  wording: SentWording,
): Feedback | null {
  if (feedback === null || !('movementId' in feedback)) return feedback;
  const movement = tray.find((candidate) => candidate.id === feedback.movementId);
  return { kind: 'sent', text: sentMessage(feedback, movement, wording) };
}
