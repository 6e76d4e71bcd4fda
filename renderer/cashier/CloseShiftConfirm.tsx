/** The last question before a shift closes on a count: cancel closes nothing, and a closed shift cannot be reopened. */
import { cashText, type CashUnit } from '../../preload/contract/cash-text';
import { Dialog } from '../shared/Dialog';
import type { CountToClose } from './use-close-shift';

interface CloseShiftConfirmProps {
  readonly pending: CountToClose;
  readonly unit: CashUnit;
  readonly busy: boolean;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}

export function CloseShiftConfirm({ pending, unit, busy, onConfirm, onCancel }: CloseShiftConfirmProps) {
  return (
    <Dialog title="Confirm the close" onClose={onCancel} className="confirm-close">
      <p>
        Close this shift on a count of <strong data-testid="confirm-counted">{cashText(pending.counted, unit)}</strong>,
        counted by {pending.who.operator}? A closed shift cannot be reopened.
      </p>
      <div className="dialog-actions">
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="primary" disabled={busy} onClick={onConfirm}>
          Close shift
        </button>
      </div>
    </Dialog>
  );
}
