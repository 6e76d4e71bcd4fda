/** One seat: name, stack in the venue's money mode, its state in the hand, button and action markers. */
import { memo, type ReactNode } from 'react';
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

interface SeatBodyProps {
  readonly seat: SeatView;
  readonly stack: string | null;
  readonly state: string | null;
  /** The name as a button (the cashier's table), or absent (the monitor's shows it as text). */
  readonly opener?: ReactNode;
}

function SeatBody({ seat, stack, state, opener }: SeatBodyProps) {
  return (
    <>
      <span className="seat-number">{seat.seatId}</span>
      <span className="seat-name">{opener ?? seat.name ?? 'Empty'}</span>
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
        // The button holds the name only, so its accessible name holds all it shows (the stack and state change
        // with every hand); its click area covers the whole card (.stretched-button).
        <div className="seat-open seat-opener">
          <SeatBody
            seat={seat}
            stack={stack}
            state={state}
            opener={
              <button
                type="button"
                className="stretched-button"
                disabled={!occupied}
                aria-label={
                  occupied
                    ? `Open cashier for ${seat.name ?? ''} (seat ${seat.seatId})`
                    : `Seat ${seat.seatId} is empty`
                }
                onClick={() => onOpen(seat.seatId)}
              >
                {seat.name ?? 'Empty'}
              </button>
            }
          />
        </div>
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
