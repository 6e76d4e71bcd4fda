/**
 * The line under the cashier after a press that reached the tray. A whole-stack cash-out asked during a hand is paid
 * when the venue applies it, and the stack may have changed by then: the amount the line quotes is the one the venue
 * applied (the tray movement's, from the venue's answer), never the stack seen at the press.
 */
import type { MovementRequest, MovementView } from '../../preload/contract';
import { cashText, type CashUnit } from '../../preload/contract/cash-text';

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

/** The line for a press, given its tray movement as it is now (undefined once it left the tray). */
export function sentMessage(press: Press, _movement: MovementView | undefined, wording: SentWording): string {
  return `${pressText(press, wording)} for ${press.playerName}: added to the tray.`;
}
