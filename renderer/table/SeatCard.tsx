/** One seat: name, stack in the venue's money mode, its state in the hand, button and action markers. */
import { memo } from 'react';
import type { MoneyMode, SeatView } from '../../preload/contract';
import { formatMoney } from '../shared/money';
import { seatStateLabel } from './seat-state';

interface SeatCardProps {
  readonly seat: SeatView;
  readonly mode: MoneyMode | null;
  readonly bigBlind: number | null;
  readonly betweenHands: boolean;
  readonly isButton: boolean;
  readonly acting: boolean;
  /** Opens the cashier for the seat; absent on the read-only table monitor (the seat is then not a button). */
  readonly onOpen?: (seatId: number) => void;
}

function SeatBody({ seat, stack, state }: { seat: SeatView; stack: string | null; state: string | null }) {
  return (
    <>
      <span className="seat-number">{seat.seatId}</span>
      <span className="seat-name">{seat.name ?? 'Empty'}</span>
      {seat.name !== null && stack !== null && (
        <span className="seat-stack" data-testid="seat-stack">
          {stack}
        </span>
      )}
      <span className="seat-state" data-testid="seat-state">
        {state ?? '\u00a0'}
      </span>
    </>
  );
}

/**
 * Memoized: main builds every seat afresh for each snapshot (session/table-view.ts), but the renderer's snapshot store
 * gives back the previous seat object while it deep-equals the new one (`shareEqual`), so untouched seats skip
 * rendering.
 */
export const SeatCard = memo(function SeatCard({
  seat,
  mode,
  bigBlind,
  betweenHands,
  isButton,
  acting,
  onOpen,
}: SeatCardProps) {
  const occupied = seat.name !== null;
  const stack = formatMoney(seat.stack, mode, bigBlind);
  const state = seatStateLabel(seat, betweenHands);
  const look = !occupied || !seat.present ? 'out' : seat.inHand ? 'in-hand' : seat.folded ? 'folded' : 'waiting';
  return (
    <div
      role="group"
      aria-label={`Seat ${seat.seatId}`}
      className={`seat seat-${look} ${acting ? 'acting' : ''}`}
      data-slot={seat.seatId}
    >
      {onOpen === undefined ? (
        <div className="seat-open">
          <SeatBody seat={seat} stack={stack} state={state} />
        </div>
      ) : (
        <button
          type="button"
          className="seat-open"
          disabled={!occupied}
          aria-label={
            occupied ? `Open cashier for ${seat.name ?? ''} (seat ${seat.seatId})` : `Seat ${seat.seatId} is empty`
          }
          onClick={() => onOpen(seat.seatId)}
        >
          <SeatBody seat={seat} stack={stack} state={state} />
        </button>
      )}
      {isButton && (
        <span className="dealer-button" aria-label="Dealer button" title="Dealer button">
          D
        </span>
      )}
      {acting && <span className="acting-mark">to act</span>}
    </div>
  );
});
