/**
 * Opening a shift: the float in the drawer and who is at it (and the PIN where the venue asks for one). Used for the
 * first shift, every later one, and the hand-over (the next operator, with the counted cash as the float).
 */
import { useId, useState, type FormEvent } from 'react';
import type { ShiftOpened, VenueBridge } from '../../preload/contract';
import { TextField } from '../shared/TextField';
import { call, failureText } from '../bridge/call';
import { ErrorLine } from '../shared/ErrorLine';
import { readCashAmount } from './amount-input';
import { ShiftOperatorFields } from './ShiftOperatorFields';
import { useShiftOperator } from './use-shift-operator';

interface OpenShiftFormProps {
  readonly venue: VenueBridge;
  readonly unitLabel: string;
  /** The float to start from (a hand-over carries the count), as text. */
  readonly initialFloat?: string;
  readonly submitLabel?: string;
  readonly onOpened?: (opened: ShiftOpened) => void;
}

export function OpenShiftForm({
  venue,
  unitLabel,
  initialFloat = '',
  submitLabel = 'Open shift',
  onOpened,
}: OpenShiftFormProps) {
  const [float, setFloat] = useState(initialFloat);
  const who = useShiftOperator();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  async function submit(event: FormEvent) {
    event.preventDefault();
    const reading = readCashAmount(float);
    const problem = reading.ok ? who.problem() : reading.error;
    if (problem !== null || !reading.ok) return setError(problem);
    setBusy(true);
    try {
      const opened = await call(venue.openShift(reading.amount, who.who()));
      setError(null);
      onOpened?.(opened);
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="stacked-form open-shift-form" onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        id={`${id}-float`}
        label={`Opening float (${unitLabel} in the drawer)`}
        inputMode="decimal"
        value={float}
        onChange={setFloat}
      />
      <ShiftOperatorFields
        id={id}
        labels={{ operator: 'Operator (who is at the drawer)', pin: 'Operator PIN' }}
        who={who}
      />
      <button type="submit" className="primary" disabled={busy}>
        {submitLabel}
      </button>
      <ErrorLine error={error} testId="open-shift-error" />
    </form>
  );
}
