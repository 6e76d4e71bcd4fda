/**
 * Sending a seat's movement: one intent per press (kept across its large-amount confirmation), every money control
 * busy until main answered, the confirmations main or the threshold ask for, and what came of it.
 */
import { useRef, useState } from 'react';
import type { SeatView, VenueBridge } from '../../preload/contract';
import { cashText, type CashUnit } from '../../preload/contract/cash-text';
import { call, VenueCommandError } from '../bridge/call';
import { useApproval } from '../shared/use-approval';
import type { Feedback } from './CashierFeedback';
import { commandRefusal } from './command-refusal';
import { newIntentId } from './intent-id';
import { cashOutAboveStack, pressWords, type Draft } from './seat-movement';
import { useRefocusAfter } from './use-refocus';

interface SeatMovementOptions {
  readonly venue: VenueBridge;
  readonly seat: SeatView;
  readonly unit: CashUnit;
  /** The venue hides money: the stack is not named. */
  readonly hidden: boolean;
  /** Above this amount the cashier confirms first. */
  readonly threshold: number;
}

export function useSeatMovement({ venue, seat, unit, hidden, threshold }: SeatMovementOptions) {
  const [pendingConfirm, setPendingConfirm] = useState<Draft | null>(null);
  // Dual control: a large cash-out also needs a second operator, asked for by main.
  const second = useApproval();
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  // The movement the last press made, followed in the tray until the venue answers it.
  const [sent, setSent] = useState<{ id: string; what: string } | null>(null);
  // A movement just like one made moments ago: main asks the cashier to confirm a second one.
  const [pendingSecond, setPendingSecond] = useState<Draft | null>(null);
  // Every money control is disabled from a press until main answered it; the ref also stops a second press that
  // arrives before React has re-rendered the disabled controls (a double-click, a bounced Enter).
  const [busy, setBusy] = useState(false);
  const busyNow = useRef(false);
  useRefocusAfter(busy);
  // One intent per press: kept across its large-amount confirmation, so both belong to the same press.
  const intent = useRef<string | null>(null);
  const name = seat.name ?? '';

  async function send(draft: Draft, confirmed: boolean, confirmSecond = false) {
    if (busyNow.current) return;
    // Confirming a second movement is a press of its own: a new intent.
    if (!confirmed || confirmSecond) intent.current = newIntentId();
    const aboveStack = draft.kind === 'cash_out' ? cashOutAboveStack(draft.amount, seat.stack, unit) : null;
    if (aboveStack !== null) {
      setFeedback({ kind: 'refused', sentence: `${aboveStack} Nothing was sent.`, detail: null });
      return;
    }
    const amount = draft.amount ?? (draft.kind === 'cash_out' ? seat.stack : null);
    // A whole-stack cash-out of an unknown stack is confirmed like a large amount: unknown is never "small".
    const unknownWhole = draft.kind === 'cash_out' && draft.amount === undefined && seat.stack === null;
    if (!confirmed && (unknownWhole || (amount !== null && amount > threshold))) {
      setPendingConfirm(draft);
      return;
    }
    setPendingConfirm(null);
    setPendingSecond(null);
    busyNow.current = true;
    setBusy(true);
    setSent(null);
    const what = `${pressWords(draft, unit)} for ${name}`;
    // The stack seen at the press, said as that and only until the venue answers with what it paid.
    const whole = draft.kind === 'cash_out' && draft.amount === undefined && seat.stack !== null && !hidden;
    const seen = whole ? ` (${cashText(seat.stack ?? 0, unit)} on the seat when asked)` : '';
    try {
      const accepted = await call(
        venue.requestMovement({
          ...draft,
          seatId: seat.seatId,
          playerName: name,
          playerId: seat.playerId,
          confirmed,
          intentId: intent.current ?? newIntentId(),
          ...(confirmSecond ? { confirmSecond } : {}),
          ...(second.approval === undefined ? {} : { approval: second.approval }),
        }),
      );
      setFeedback({ kind: 'waiting', text: `${what}${seen}: sent to the venue.` });
      setSent({ id: accepted.id, what });
    } catch (error) {
      if (error instanceof VenueCommandError && error.code === 'second_confirmation_required') setPendingSecond(draft);
      // Asked for a second operator: the same confirmation stays, with their fields beside it.
      if (second.asks(error)) setPendingConfirm(draft);
      else setFeedback({ kind: 'refused', ...commandRefusal(error) });
    } finally {
      busyNow.current = false;
      setBusy(false);
    }
  }

  return { send, busy, sent, feedback, pendingConfirm, setPendingConfirm, pendingSecond, setPendingSecond, second };
}
