/**
 * The cashier for one seated player: the amount field first (the focus lands there, Enter buys in, Escape closes),
 * one-click buy-in presets, cash out all, a partial cash-out, and leaving the table. Amounts are in the drawer's unit
 * (cash-text), read by amount-input's rules; a cash-out above the seat's last known stack is refused before sending.
 * Amounts over the large-amount threshold ask for confirmation first. Each press is one intent: the controls stay
 * disabled until main answered.
 */
import type { CashierView, MoneyMode, SeatView, Settings, VenueBridge } from '../../preload/contract';
import { cashUnit } from '../../preload/contract/cash-text';
import { LastHandsButton } from '../history/LastHandsButton';
import type { PlayerLookup } from '../history/routes';
import { Dialog } from '../shared/Dialog';
import { readAmount } from './amount-input';
import { CashierFeedback } from './CashierFeedback';
import { followedFeedback } from './followed-movement';
import { ShiftBlockedNotice, shiftBlocker } from './money-gate';
import { stackText } from './cashier-money';
import { SeatBuyIn } from './SeatBuyIn';
import { SeatCashOut } from './SeatCashOut';
import { SeatConfirmations } from './SeatConfirmations';
import { useSeatMovement } from './use-seat-movement';

interface CashierDialogProps {
  readonly venue: VenueBridge;
  readonly cashier: Pick<CashierView, 'ready' | 'notReadyReason' | 'tray' | 'shifts'>;
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
  /** Goes to where a shift is opened. */
  readonly onOpenShift?: () => void;
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
  onOpenShift,
}: CashierDialogProps) {
  const { ready, notReadyReason } = cashier;
  const threshold = settings.largeAmountThreshold;
  const name = seat.name ?? '';
  const unit = cashUnit(mode);
  const hidden = mode === 'hidden';
  const read = (text: string) => readAmount(text, { wholeChips });
  const movement = useSeatMovement({ venue, seat, unit, hidden, threshold });
  const { send, busy, sent } = movement;
  const noShift = shiftBlocker(cashier.shifts) !== null;
  const followed = sent === null ? undefined : cashier.tray.find((candidate) => candidate.id === sent.id);
  const shown =
    (sent === null ? null : followedFeedback(followed, sent.what, { unit, hideAmounts: hidden })) ?? movement.feedback;

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
      <ShiftBlockedNotice shifts={cashier.shifts} onOpenShift={onOpenShift} />
      <SeatBuyIn disabled={!ready || busy || noShift} unit={unit} read={read} presets={settings.presets} send={send} />
      <SeatCashOut disabled={!ready || busy || noShift} unit={unit} read={read} send={send} />
      <CashierFeedback feedback={shown} />
      <SeatConfirmations
        seat={seat}
        unit={unit}
        hidden={hidden}
        threshold={threshold}
        busy={busy}
        pendingSecond={movement.pendingSecond}
        onCancelSecond={() => movement.setPendingSecond(null)}
        pendingConfirm={movement.pendingConfirm}
        onCancelConfirm={() => movement.setPendingConfirm(null)}
        send={send}
        approvalFields={movement.second.fields}
      />
    </Dialog>
  );
}
