/**
 * Closing the shift as a cage signs it: who counts, the count (by denomination, whose total is the count, or a plain
 * total), a note, then a confirmation (cancel closes nothing), then the variance, the printable summary, and the
 * hand-over (the next shift opened with the counted cash as its float). With a blind count (Settings, on by default;
 * always in hidden money mode) the expected cash is not shown before the count is entered. main refuses the close
 * while any movement of the shift is not settled, and says which.
 */
import { useId, useState, type FormEvent } from 'react';
import type { MoneyMode, OpenShiftView, PrintableShiftSummary, VenueBridge } from '../../preload/contract';
import { cashText, cashUnit, cashUnitLabel } from '../../preload/contract/cash-text';
import { MAX_OPERATOR_NAME, noteProblem, operatorProblem } from '../../preload/contract/shift-input';
import { TextField } from '../shared/TextField';
import { call, failureText } from '../bridge/call';
import { Dialog } from '../shared/Dialog';
import { ErrorLine } from '../shared/ErrorLine';
import { usePaperSettings } from '../print/paper-settings';
import { readCashAmount } from './amount-input';
import { DenominationTable } from './DenominationTable';
import { defaultDenominations, readDenominations, type DenominationDraft } from './denominations';
import { OpenShiftForm } from './OpenShiftForm';
import { shiftMoney, varianceText } from './shift-money';
import { ShiftSummarySheet } from './ShiftSummarySheet';

interface CloseShiftDialogProps {
  readonly venue: VenueBridge;
  /** The open shift as it is now; null once it closed (the dialog then shows the summary it got back). */
  readonly shift: OpenShiftView | null;
  readonly mode: MoneyMode | null;
  readonly onClose: () => void;
}

interface CountToClose {
  readonly counted: number;
  readonly denominations: readonly { value: number; count: number }[] | null;
  readonly note: string | null;
  readonly operator: string;
  /** The closing operator's PIN, where the venue asks for PINs. */
  readonly pin: string | null;
}

export function CloseShiftDialog({ venue, shift, mode, onClose }: CloseShiftDialogProps) {
  const { blindCount, operatorPin } = usePaperSettings();
  const [pin, setPin] = useState('');
  const unit = cashUnit(mode);
  const id = useId();
  const [summary, setSummary] = useState<PrintableShiftSummary | null>(null);
  const [pending, setPending] = useState<CountToClose | null>(null);
  const [byDenomination, setByDenomination] = useState(true);
  const [drafts, setDrafts] = useState<DenominationDraft[]>(() => defaultDenominations(unit));
  const [total, setTotal] = useState('');
  const [note, setNote] = useState('');
  const [operator, setOperator] = useState(shift?.operator ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [handedOver, setHandedOver] = useState<string | null>(null);

  function review(event: FormEvent) {
    event.preventDefault();
    const reading = byDenomination ? readDenominations(drafts) : readCashAmount(total);
    if (!reading.ok) return setError(reading.error);
    const problem = operatorProblem(operator) ?? noteProblem(note);
    if (problem !== null) return setError(problem);
    setError(null);
    const counted = 'total' in reading ? reading.total : reading.amount;
    setPending({
      counted,
      denominations: 'lines' in reading ? reading.lines : null,
      note: note.trim() === '' ? null : note.trim(),
      operator: operator.trim(),
      pin: operatorPin ? pin : null,
    });
  }

  async function confirm(count: CountToClose) {
    setBusy(true);
    try {
      setSummary(
        await call(
          venue.closeShift(count.counted, {
            denominations: count.denominations === null ? null : [...count.denominations],
            note: count.note,
            operator: count.operator,
            ...(count.pin === null ? {} : { pin: count.pin }),
          }),
        ),
      );
      setError(null);
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setPending(null);
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
        <section className="hand-over" aria-label="Hand over the drawer">
          <h3>Hand over the drawer</h3>
          {handedOver !== null ? (
            <p role="status">{handedOver}</p>
          ) : (
            <>
              <p className="muted">The next operator opens a shift with the cash just counted as the float.</p>
              <OpenShiftForm
                venue={venue}
                unitLabel={cashUnitLabel(unit)}
                initialFloat={summary.counted === null ? '' : String(summary.counted)}
                submitLabel="Open the next shift"
                onOpened={(opened) => setHandedOver(`Next shift opened by ${opened.operator ?? '-'}.`)}
              />
            </>
          )}
        </section>
      </Dialog>
    );
  }
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
      <form className="stacked-form close-count" onSubmit={review} noValidate>
        <fieldset>
          <legend>Count</legend>
          <label>
            <input type="radio" checked={byDenomination} onChange={() => setByDenomination(true)} /> By denomination
          </label>
          <label>
            <input type="radio" checked={!byDenomination} onChange={() => setByDenomination(false)} /> Plain total
          </label>
        </fieldset>
        {byDenomination ? (
          <DenominationTable unit={unit} drafts={drafts} onChange={setDrafts} />
        ) : (
          <TextField
            id={`${id}-total`}
            label={`Counted cash (${cashUnitLabel(unit)})`}
            inputMode="decimal"
            value={total}
            onChange={setTotal}
          />
        )}
        <TextField
          id={`${id}-operator`}
          label="Counted by (operator)"
          maxLength={MAX_OPERATOR_NAME}
          value={operator}
          onChange={setOperator}
        />
        {operatorPin && (
          <TextField
            id={`${id}-pin`}
            label="Their PIN"
            type="password"
            inputMode="numeric"
            value={pin}
            onChange={setPin}
          />
        )}
        <label htmlFor={`${id}-note`}>Note (optional)</label>
        <textarea
          id={`${id}-note`}
          rows={2}
          maxLength={500}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
        <button type="submit" disabled={busy}>
          Close shift…
        </button>
      </form>
      <ErrorLine error={error} testId="close-shift-error" />
      {pending !== null && (
        <Dialog title="Confirm the close" onClose={() => setPending(null)} className="confirm-close">
          <p>
            Close this shift on a count of{' '}
            <strong data-testid="confirm-counted">{cashText(pending.counted, unit)}</strong>, counted by{' '}
            {pending.operator}? A closed shift cannot be reopened.
          </p>
          <div className="dialog-actions">
            <button type="button" onClick={() => setPending(null)}>
              Cancel
            </button>
            <button type="button" className="primary" disabled={busy} onClick={() => void confirm(pending)}>
              Close shift
            </button>
          </div>
        </Dialog>
      )}
    </Dialog>
  );
}
