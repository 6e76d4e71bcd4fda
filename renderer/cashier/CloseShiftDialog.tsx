/**
 * Closing the shift as a cage signs it: who counts, the count (by denomination, whose total is the count, or a plain
 * total), a note, then a confirmation (cancel closes nothing), then the variance, the printable summary, and the
 * hand-over (the next shift opened with the counted cash as its float). With a blind count (Settings, on by default;
 * always in hidden money mode) the expected cash is not shown before the count is entered. main refuses the close
 * while any movement of the shift is not settled, and says which.
 */
import type { MoneyMode, OpenShiftView, VenueBridge } from '../../preload/contract';
import { cashUnit } from '../../preload/contract/cash-text';
import { Dialog } from '../shared/Dialog';
import { ErrorLine } from '../shared/ErrorLine';
import { usePaperSettings } from '../print/paper-settings';
import { CloseShiftConfirm } from './CloseShiftConfirm';
import { CloseShiftCount } from './CloseShiftCount';
import { shiftMoney } from './shift-money';
import { ShiftClosed } from './ShiftClosed';
import { useCloseShift } from './use-close-shift';

interface CloseShiftDialogProps {
  readonly venue: VenueBridge;
  /** The open shift as it is now; null once it closed (the dialog then shows the summary it got back). */
  readonly shift: OpenShiftView | null;
  readonly mode: MoneyMode | null;
  readonly onClose: () => void;
}

export function CloseShiftDialog({ venue, shift, mode, onClose }: CloseShiftDialogProps) {
  const { blindCount } = usePaperSettings();
  const unit = cashUnit(mode);
  const { summary, pending, setPending, error, setError, busy, confirm } = useCloseShift(venue);

  if (summary !== null) return <ShiftClosed venue={venue} summary={summary} mode={mode} onClose={onClose} />;
  if (shift === null)
    return (
      <Dialog title="Close shift" onClose={onClose} className="close-shift-dialog">
        <p>No shift is open.</p>
      </Dialog>
    );
  const blind = blindCount || mode === 'hidden';
  const expected = shiftMoney(shift.expected, mode);
  return (
    <Dialog title="Close shift" onClose={onClose} className="close-shift-dialog">
      {blind ? (
        <p className="shift-expected" data-testid="blind-count">
          Blind count: count the drawer first. The expected cash is shown with the variance once the shift is closed.
        </p>
      ) : (
        <>
          <p className="shift-expected">
            Expected cash: <strong data-testid="shift-expected">{expected ?? 'hidden'}</strong>
          </p>
          <p className="muted">Opening float + applied buy-ins − applied cash-outs of this shift.</p>
        </>
      )}
      {(shift.carriedAtClose ?? null) !== null && (
        <p className="doubt-warning carried-at-close" role="status" data-testid="carried-at-close">
          {shift.carriedAtClose}
        </p>
      )}
      {shift.closeBlockedBy !== null && (
        <p className="doubt-warning" role="alert">
          {shift.closeBlockedBy}
        </p>
      )}
      <CloseShiftCount
        unit={unit}
        initialOperator={shift.operator ?? ''}
        busy={busy}
        onCount={setPending}
        onProblem={setError}
      />
      <ErrorLine error={error} testId="close-shift-error" />
      {pending !== null && (
        <CloseShiftConfirm
          pending={pending}
          unit={unit}
          busy={busy}
          onConfirm={() => void confirm(pending)}
          onCancel={() => setPending(null)}
        />
      )}
    </Dialog>
  );
}
