/**
 * What a seat's press may wait for: main asking whether a second movement just like a recent one is meant, and the
 * confirmation of a large (or unknown) amount, with a second operator's fields where dual control asks for them.
 */
import type { ReactNode } from 'react';
import type { SeatView } from '../../preload/contract';
import type { CashUnit } from '../../preload/contract/cash-text';
import { ConfirmLargeAmount } from './ConfirmLargeAmount';
import { describe, type Draft } from './seat-movement';

interface SeatConfirmationsProps {
  readonly seat: SeatView;
  readonly unit: CashUnit;
  readonly hidden: boolean;
  readonly threshold: number;
  readonly busy: boolean;
  readonly pendingSecond: Draft | null;
  readonly onCancelSecond: () => void;
  readonly pendingConfirm: Draft | null;
  readonly onCancelConfirm: () => void;
  readonly send: (draft: Draft, confirmed: boolean, confirmSecond?: boolean) => Promise<void>;
  /** A second operator's fields, under dual control. */
  readonly approvalFields: ReactNode;
}

export function SeatConfirmations({
  seat,
  unit,
  hidden,
  threshold,
  busy,
  pendingSecond,
  onCancelSecond,
  pendingConfirm,
  onCancelConfirm,
  send,
  approvalFields,
}: SeatConfirmationsProps) {
  const name = seat.name ?? '';
  return (
    <>
      {pendingSecond !== null && (
        <p className="cashier-second" role="alert">
          <button type="button" disabled={busy} onClick={() => void send(pendingSecond, true, true)}>
            Yes, make a second {describe(pendingSecond, seat.stack, unit, hidden).toLowerCase()}
          </button>{' '}
          <button type="button" onClick={onCancelSecond}>
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
          onCancel={onCancelConfirm}
        >
          {approvalFields}
        </ConfirmLargeAmount>
      )}
    </>
  );
}
