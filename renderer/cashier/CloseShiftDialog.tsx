/**
 * Closing the shift: the expected cash from the ledger (opening float + buy-ins - cash-outs), the cash the cashier
 * counted, then the variance and the printable summary. main refuses the close while any movement of the shift is
 * not settled, and says which; in hidden money mode the expected cash is not shown (a blind count).
 */
import { useState } from 'react';
import type { MoneyMode, OpenShiftView, PrintableShiftSummary, VenueBridge } from '../../preload/contract';
import { call, failureText } from '../bridge/call';
import { Dialog } from '../shared/Dialog';
import { readCashAmount } from './amount-input';
import { AmountForm } from './AmountForm';
import { shiftMoney, varianceText } from './shift-money';
import { ShiftSummarySheet } from './ShiftSummarySheet';
import { ErrorLine } from '../shared/ErrorLine';

interface CloseShiftDialogProps {
  readonly venue: VenueBridge;
  /** The open shift as it is now; null once it closed (the dialog then shows the summary it got back). */
  readonly shift: OpenShiftView | null;
  readonly mode: MoneyMode | null;
  readonly onClose: () => void;
}

export function CloseShiftDialog({ venue, shift, mode, onClose }: CloseShiftDialogProps) {
  const [summary, setSummary] = useState<PrintableShiftSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function close(counted: number) {
    setBusy(true);
    try {
      setSummary(await call(venue.closeShift(counted)));
      setError(null);
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setBusy(false);
    }
  }
  if (summary !== null) {
    return (
      <Dialog title="Shift closed" onClose={onClose} className="close-shift-dialog">
        <p className="shift-variance" role="status" data-testid="shift-variance">
          Variance: {summary.variance === null ? '-' : varianceText(summary.variance, mode)}
        </p>
        <ShiftSummarySheet venue={venue} summary={summary} mode={mode} />
      </Dialog>
    );
  }
  const expected = shift === null ? null : shiftMoney(shift.expected, mode);
  return (
    <Dialog title="Close shift" onClose={onClose} className="close-shift-dialog">
      {shift === null ? (
        <p>No shift is open.</p>
      ) : (
        <>
          <p className="shift-expected">
            Expected cash:{' '}
            <strong data-testid="shift-expected">
              {expected ?? 'hidden (money display is hidden: count the drawer blind)'}
            </strong>
          </p>
          <p className="muted">Opening float + applied buy-ins − applied cash-outs of this shift.</p>
          {shift.closeBlockedBy !== null && (
            <p className="doubt-warning" role="alert">
              {shift.closeBlockedBy}
            </p>
          )}
          <AmountForm
            read={readCashAmount}
            clearOnSubmit={false}
            label="Counted cash (chips)"
            submitLabel="Close shift"
            disabled={busy}
            onAmount={(amount) => void close(amount)}
          />
        </>
      )}
      <ErrorLine error={error} testId="close-shift-error" />
    </Dialog>
  );
}
