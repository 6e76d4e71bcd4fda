/**
 * The cashier for one seated player: one-click buy-in presets, a custom buy-in, cash out all, a partial cash-out,
 * and close session. Amounts are table chips (named on every field); amounts over the large-amount threshold ask
 * for confirmation first.
 */
import { useRef, useState } from 'react';
import type { CashierView, MoneyMode, MovementRequest, SeatView, Settings, VenueBridge } from '../../preload/contract';
import { call, failureText } from '../bridge/call';
import { LastHandsButton } from '../history/LastHandsButton';
import type { PlayerLookup } from '../history/routes';
import { Dialog } from '../shared/Dialog';
import { formatChips } from '../shared/money';
import { AmountForm } from './AmountForm';
import { chipsText, stackText } from './cashier-money';
import { ConfirmLargeAmount } from './ConfirmLargeAmount';
import { newIntentId } from './intent-id';
import { VenueCommandError } from '../bridge/call';

interface CashierDialogProps {
  readonly venue: VenueBridge;
  readonly cashier: Pick<CashierView, 'ready' | 'notReadyReason'>;
  readonly settings: Pick<Settings, 'presets' | 'largeAmountThreshold'>;
  readonly seat: SeatView;
  readonly mode: MoneyMode | null;
  readonly bigBlind: number | null;
  readonly betweenHands: boolean;
  readonly onClose: () => void;
  /** Opens the player's last hands in the history (the dispute tool). */
  readonly onLastHands?: (player: PlayerLookup) => void;
}

type Draft = Omit<MovementRequest, 'seatId' | 'playerName' | 'playerId' | 'confirmed' | 'intentId' | 'confirmSecond'>;

/** "Buy in 200 chips", "Cash out all 340 chips"; the venue's stack is not named when it hides money. */
function describe(draft: Draft, stack: number | null, hidden: boolean): string {
  if (draft.kind === 'buy_in') return `Buy in ${chipsText(draft.amount ?? 0)}`;
  const amount = draft.amount ?? (hidden ? null : stack);
  const what = draft.amount === undefined ? 'Cash out all' : 'Cash out';
  const amountText = amount !== null ? ` ${chipsText(amount)}` : '';
  return `${what}${amountText}${draft.closeSession === true ? ' and close session' : ''}`;
}

export function CashierDialog({
  venue,
  cashier,
  settings,
  seat,
  mode,
  bigBlind,
  betweenHands,
  onClose,
  onLastHands,
}: CashierDialogProps) {
  const [pendingConfirm, setPendingConfirm] = useState<Draft | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  // A movement just like one made moments ago: main asks the cashier to confirm a second one.
  const [pendingSecond, setPendingSecond] = useState<Draft | null>(null);
  // Every money control is disabled from a press until main answered it; the ref also stops a second press that
  // arrives before React has re-rendered the disabled controls (a double-click, a bounced Enter).
  const [sending, setSending] = useState(false);
  const sendingNow = useRef(false);
  const { ready, notReadyReason } = cashier;
  const threshold = settings.largeAmountThreshold;
  const name = seat.name ?? '';

  async function send(draft: Draft, confirmed: boolean, confirmSecond = false) {
    if (sendingNow.current) return;
    const amount = draft.amount ?? (draft.kind === 'cash_out' ? seat.stack : null);
    // A whole-stack cash-out of an unknown stack is confirmed like a large amount: unknown is never "small".
    const unknownWhole = draft.kind === 'cash_out' && draft.amount === undefined && seat.stack === null;
    if (!confirmed && (unknownWhole || (amount !== null && amount > threshold))) {
      setPendingConfirm(draft);
      return;
    }
    setPendingConfirm(null);
    setPendingSecond(null);
    // One press, one intent: made here, once, and sent with this submission only.
    const intentId = newIntentId();
    sendingNow.current = true;
    setSending(true);
    try {
      await call(
        venue.requestMovement({
          ...draft,
          seatId: seat.seatId,
          playerName: name,
          playerId: seat.playerId,
          confirmed,
          intentId,
          ...(confirmSecond ? { confirmSecond } : {}),
        }),
      );
      setMessage(`${describe(draft, seat.stack, mode === 'hidden')} for ${name}: added to the tray.`);
    } catch (error) {
      if (error instanceof VenueCommandError && error.code === 'second_confirmation_required') setPendingSecond(draft);
      setMessage(failureText(error));
    } finally {
      sendingNow.current = false;
      setSending(false);
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
      <fieldset disabled={!ready || sending} className="cashier-actions">
        <legend>Buy in (chips)</legend>
        <div className="presets">
          {settings.presets.map((preset, index) => (
            <button
              key={preset}
              type="button"
              autoFocus={index === 0}
              onClick={() => void send({ kind: 'buy_in', amount: preset }, false)}
            >
              Buy in {formatChips(preset)}
            </button>
          ))}
        </div>
        <AmountForm
          label="Custom buy-in amount (chips)"
          submitLabel="Buy in"
          onAmount={(amount) => void send({ kind: 'buy_in', amount }, false)}
        />
      </fieldset>
      <fieldset disabled={!ready || sending} className="cashier-actions">
        <legend>Cash out (chips)</legend>
        <button type="button" onClick={() => void send({ kind: 'cash_out' }, false)}>
          Cash out all
        </button>
        <AmountForm
          label="Partial cash-out amount (chips)"
          submitLabel="Cash out"
          onAmount={(amount) => void send({ kind: 'cash_out', amount }, false)}
        />
        <button type="button" onClick={() => void send({ kind: 'cash_out', closeSession: true }, false)}>
          Cash out all and close session
        </button>
      </fieldset>
      {message !== null && (
        <p className="cashier-message" role="status">
          {message}
        </p>
      )}
      {pendingSecond !== null && (
        <p className="cashier-second" role="alert">
          <button type="button" disabled={sending} onClick={() => void send(pendingSecond, true, true)}>
            Yes, make a second {describe(pendingSecond, seat.stack, mode === 'hidden').toLowerCase()}
          </button>{' '}
          <button type="button" onClick={() => setPendingSecond(null)}>
            No
          </button>
        </p>
      )}
      {pendingConfirm !== null && (
        <ConfirmLargeAmount
          text={`${describe(pendingConfirm, seat.stack, mode === 'hidden')} for ${name}?`}
          threshold={threshold}
          amountUnknown={
            pendingConfirm.kind === 'cash_out' && pendingConfirm.amount === undefined && seat.stack === null
          }
          onConfirm={() => void send(pendingConfirm, true)}
          onCancel={() => setPendingConfirm(null)}
        />
      )}
    </Dialog>
  );
}
