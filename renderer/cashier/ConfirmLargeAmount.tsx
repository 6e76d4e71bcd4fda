/** Asks before a movement above the large-amount threshold goes to the tray. */
import type { ReactNode } from 'react';
import { Dialog } from '../shared/Dialog';
import { cashText, type CashUnit } from '../../preload/contract/cash-text';

export interface ConfirmProps {
  readonly text: string;
  readonly threshold: number;
  /** The drawer's unit, in which the threshold is written. */
  readonly unit: CashUnit;
  /** The amount is not known (a whole-stack cash-out while the stack is unknown). */
  readonly amountUnknown?: boolean;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
  /** What else the confirmation needs (a second operator, under dual control). */
  readonly children?: ReactNode;
}

export function ConfirmLargeAmount({
  text,
  threshold,
  unit,
  amountUnknown = false,
  onConfirm,
  onCancel,
  children,
}: ConfirmProps) {
  return (
    <Dialog title={amountUnknown ? 'Confirm unknown amount' : 'Confirm large amount'} onClose={onCancel}>
      <p>
        {text}{' '}
        {amountUnknown
          ? 'The stack is not known right now, so the amount cannot be checked against the confirmation threshold.'
          : `This is over the confirmation threshold of ${cashText(threshold, unit)}.`}
      </p>
      {children}
      <div className="dialog-actions">
        <button type="button" onClick={onCancel} data-autofocus="">
          Go back
        </button>
        <button type="button" className="primary" onClick={onConfirm}>
          Confirm
        </button>
      </div>
    </Dialog>
  );
}
