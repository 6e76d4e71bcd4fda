/** A seat's movement as the cashier pressed it, in words, and the one check made before it leaves. */
import type { MovementRequest } from '../../preload/contract';
import { cashText, type CashUnit } from '../../preload/contract/cash-text';

/** What a press asks for; the seat, the player and the intent are added when it is sent. */
export type Draft = Omit<
  MovementRequest,
  'seatId' | 'playerName' | 'playerId' | 'confirmed' | 'intentId' | 'confirmSecond'
>;

/** "Buy in 200 chips", "Cash out all $340.00"; the venue's stack is not named when it hides money. */
export function describe(draft: Draft, stack: number | null, unit: CashUnit, hidden: boolean): string {
  if (draft.kind === 'buy_in') return `Buy in ${cashText(draft.amount ?? 0, unit)}`;
  const amount = draft.amount ?? (hidden ? null : stack);
  const what = draft.amount === undefined ? 'Cash out all' : 'Cash out';
  const amountText = amount !== null ? ` ${cashText(amount, unit)}` : '';
  return `${what}${amountText}${draft.closeSession === true ? ' and leave the table' : ''}`;
}

/**
 * A press in words for the line that follows it: a whole-stack cash-out names no figure, since the venue pays the
 * stack it holds when it applies it (a hand may change it meanwhile); the amount it applied is quoted once it did.
 */
export function pressWords(draft: Draft, unit: CashUnit): string {
  const leave = draft.closeSession === true ? ' and leave the table' : '';
  if (draft.kind === 'buy_in') return `Buy in ${cashText(draft.amount ?? 0, unit)}`;
  return draft.amount === undefined ? `Cash out all${leave}` : `Cash out ${cashText(draft.amount, unit)}${leave}`;
}

/**
 * Why a cash-out cannot be right, from the seat's last known stack ("Only 226 chips on the seat: cash out at most
 * 226 chips."), or null. The venue still judges; this only keeps a request it would refuse from leaving.
 */
export function cashOutAboveStack(amount: number | undefined, stack: number | null, unit: CashUnit): string | null {
  if (amount === undefined || stack === null || amount <= stack) return null;
  const most = cashText(stack, unit);
  return `Only ${most} on the seat: cash out at most ${most}.`;
}
