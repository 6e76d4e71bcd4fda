/**
 * The cashier for one seated player: the amount field first (the focus lands there, Enter buys in, Escape closes),
 * one-click buy-in presets, cash out all, a partial cash-out, and close session. Amounts are in the drawer's unit
 * (cash-text), read by amount-input's rules; a cash-out above the seat's last known stack is refused before sending.
 * Amounts over the large-amount threshold ask for confirmation first. Each press is one intent: the controls stay
 * disabled until main answered.
 */
import { useRef, useState } from 'react';
import type { CashierView, MoneyMode, MovementRequest, SeatView, Settings, VenueBridge } from '../../preload/contract';
import { cashText, cashUnit, cashUnitLabel, type CashUnit } from '../../preload/contract/cash-text';
import { call } from '../bridge/call';
import { LastHandsButton } from '../history/LastHandsButton';
import type { PlayerLookup } from '../history/routes';
import { Dialog } from '../shared/Dialog';
import { formatChips } from '../shared/money';
import { readAmount } from './amount-input';
import { AmountForm } from './AmountForm';
import { CashierFeedback, type Feedback } from './CashierFeedback';
import { stackText } from './cashier-money';
import { commandRefusal } from './command-refusal';
import { ConfirmLargeAmount } from './ConfirmLargeAmount';
import { newIntentId } from './intent-id';
import { pressText, shownFeedback, type Press } from './sent-message';
import { useRefocusAfter } from './use-refocus';
import { VenueCommandError } from '../bridge/call';
import { useApproval } from '../shared/use-approval';

interface CashierDialogProps {
  readonly venue: VenueBridge;
  readonly cashier: Pick<CashierView, 'ready' | 'notReadyReason' | 'tray'>;
  readonly settings: Pick<Settings, 'presets' | 'largeAmountThreshold'>;
  readonly seat: SeatView;
  readonly mode: MoneyMode | null;
  readonly bigBlind: number | null;
  readonly betweenHands: boolean;
  /** The venue's chips have no cents (amount-input's wholeChipsAt): fractions are refused before sending. */
  readonly wholeChips: boolean;
  readonly onClose: () => void;
  /** Opens the player's last hands in the history (the dispute tool). */
  readonly onLastHands?: (player: PlayerLookup) => void;
}

type Draft = Omit<MovementRequest, 'seatId' | 'playerName' | 'playerId' | 'confirmed' | 'intentId' | 'confirmSecond'>;

/** "Buy in 200 chips", "Cash out all $340.00"; the venue's stack is not named when it hides money. */
function describe(draft: Draft, stack: number | null, unit: CashUnit, hidden: boolean): string {
  return pressText({ ...draft, stackAtPress: stack }, { unit, hideAmounts: hidden });
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
export function CashierDialog({
  venue,
  cashier,
  settings,
  seat,
  mode,
  bigBlind,
  betweenHands,
  wholeChips,
  onClose,
  onLastHands,
}: CashierDialogProps) {
  const [pendingConfirm, setPendingConfirm] = useState<Draft | null>(null);
  // Dual control: a large cash-out also needs a second operator, asked for by main.
  const second = useApproval();
  // A press that reached the tray is kept as the press: its line follows the tray movement (sent-message.ts).
  const [feedback, setFeedback] = useState<Feedback | Press | null>(null);
  // A movement just like one made moments ago: main asks the cashier to confirm a second one.
  const [pendingSecond, setPendingSecond] = useState<Draft | null>(null);
  // Every money control is disabled from a press until main answered it; the ref also stops a second press that
  // arrives before React has re-rendered the disabled controls (a double-click, a bounced Enter).
  const [busy, setBusy] = useState(false);
  const busyNow = useRef(false);
  useRefocusAfter(busy);
  // One intent per press: kept across its large-amount confirmation, so both belong to the same press.
  const intent = useRef<string | null>(null);
  const { ready, notReadyReason } = cashier;
  const threshold = settings.largeAmountThreshold;
  const name = seat.name ?? '';
  const unit = cashUnit(mode);
  const hidden = mode === 'hidden';
  const read = (text: string) => readAmount(text, { wholeChips });

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
      setFeedback({ ...draft, playerName: name, stackAtPress: seat.stack, movementId: accepted.id });
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

  return (
    <Dialog title={`Cashier: ${name} (seat ${seat.seatId})`} onClose={onClose} className="cashier-dialog">
      <p className="cashier-stack">
        Stack: <span data-testid="cashier-stack">{stackText(seat.stack, mode, bigBlind)}</span>
      </p>
      <LastHandsButton player={{ playerId: seat.playerId, name }} onLastHands={onLastHands} />
      {!betweenHands && ready && (
        <p className="hand-running" role="note">
          A hand is in progress: a movement asked now waits in the tray and goes to the venue when the hand ends.
        </p>
      )}
      {!ready && (
        <p className="not-ready" role="alert">
          Cashier actions are disabled: {notReadyReason ?? 'starting up'}
        </p>
      )}
      <fieldset disabled={!ready || busy} className="cashier-actions">
        <legend>Buy in ({cashUnitLabel(unit)})</legend>
        <AmountForm
          label="Custom buy-in amount"
          unit={unit}
          read={read}
          autoFocus
          submitLabel="Buy in"
          onAmount={(amount) => void send({ kind: 'buy_in', amount }, false)}
        />
        <div className="presets">
          {settings.presets.map((preset) => (
            <button key={preset} type="button" onClick={() => void send({ kind: 'buy_in', amount: preset }, false)}>
              Buy in {formatChips(preset)}
            </button>
          ))}
        </div>
      </fieldset>
      <fieldset disabled={!ready || busy} className="cashier-actions">
        <legend>Cash out ({cashUnitLabel(unit)})</legend>
        <button type="button" onClick={() => void send({ kind: 'cash_out' }, false)}>
          Cash out all
        </button>
        <AmountForm
          label="Partial cash-out amount"
          unit={unit}
          read={read}
          submitLabel="Cash out"
          onAmount={(amount) => void send({ kind: 'cash_out', amount }, false)}
        />
        <button type="button" onClick={() => void send({ kind: 'cash_out', closeSession: true }, false)}>
          Cash out all and close session
        </button>
      </fieldset>
      <CashierFeedback feedback={shownFeedback(feedback, cashier.tray, { unit, hideAmounts: hidden })} />
      {pendingSecond !== null && (
        <p className="cashier-second" role="alert">
          <button type="button" disabled={busy} onClick={() => void send(pendingSecond, true, true)}>
            Yes, make a second {describe(pendingSecond, seat.stack, unit, hidden).toLowerCase()}
          </button>{' '}
          <button type="button" onClick={() => setPendingSecond(null)}>
            No
          </button>
        </p>
      )}
      {pendingConfirm !== null && (
        <ConfirmLargeAmount
          text={`${describe(pendingConfirm, seat.stack, unit, hidden)} for ${name}?`}
          threshold={threshold}
          unit={unit}
          amountUnknown={
            pendingConfirm.kind === 'cash_out' && pendingConfirm.amount === undefined && seat.stack === null
          }
          onConfirm={() => void send(pendingConfirm, true)}
          onCancel={() => setPendingConfirm(null)}
        >
          {second.fields}
        </ConfirmLargeAmount>
      )}
    </Dialog>
  );
}
