/** Asks before a movement above the large-amount threshold goes to the tray. */
import { Dialog } from '../shared/Dialog';
import { formatChips } from '../shared/money';

interface ConfirmProps {
  readonly text: string;
  readonly threshold: number;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}

export function ConfirmLargeAmount({ text, threshold, onConfirm, onCancel }: ConfirmProps) {
  return (
    <Dialog title="Confirm large amount" onClose={onCancel}>
      <p>
        {text} This is over the confirmation threshold of {formatChips(threshold)} chips.
      </p>
      <div className="dialog-actions">
        <button type="button" onClick={onCancel} autoFocus>
          Go back
        </button>
        <button type="button" className="primary" onClick={onConfirm}>
          Confirm
        </button>
      </div>
    </Dialog>
  );
}
