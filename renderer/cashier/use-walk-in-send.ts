/**
 * Sending a walk-in's buy-in: one intent per press (kept across its large-amount confirmation), the controls busy
 * until main answered, and what came of it for the feedback line.
 */
import { useRef, useState } from 'react';
import type { VenueBridge } from '../../preload/contract';
import { cashText, type CashUnit } from '../../preload/contract/cash-text';
import { call } from '../bridge/call';
import type { Feedback } from './CashierFeedback';
import { commandRefusal } from './command-refusal';
import { newIntentId } from './intent-id';
import { useRefocusAfter } from './use-refocus';

/** A walk-in above the large-amount threshold, waiting for the cashier's confirmation. */
export interface WalkInToConfirm {
  readonly name: string;
  readonly amount: number;
}

export function useWalkInSend(venue: VenueBridge, unit: CashUnit, onSent: () => void) {
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  // The movement the last press made, followed in the tray until the venue answers it.
  const [sent, setSent] = useState<{ id: string; what: string } | null>(null);
  const [busy, setBusy] = useState(false);
  useRefocusAfter(busy);
  const [confirming, setConfirming] = useState<WalkInToConfirm | null>(null);
  const intent = useRef<string | null>(null);

  async function send(player: string, playerId: string | null, amount: number, confirmed: boolean) {
    setConfirming(null);
    setBusy(true);
    setSent(null);
    const what = `Buy in ${cashText(amount, unit)} for ${player} (walk-in)`;
    try {
      const accepted = await call(
        venue.requestMovement({
          kind: 'buy_in',
          seatId: null,
          playerName: player,
          playerId,
          amount,
          confirmed,
          intentId: intent.current ?? newIntentId(),
        }),
      );
      setFeedback({ kind: 'waiting', text: `${what}: sent to the venue, which seats the player if a chair is free.` });
      setSent({ id: accepted.id, what });
      onSent();
    } catch (failure) {
      setFeedback({ kind: 'refused', ...commandRefusal(failure) });
    } finally {
      setBusy(false);
    }
  }

  /** A new press: a new intent. */
  function press() {
    intent.current = newIntentId();
  }

  return { feedback, sent, busy, confirming, setConfirming, send, press };
}
