/**
 * The count that closes a shift: by denomination (whose total is the count) or a plain total, who counted (and their
 * PIN, where the venue asks for PINs), and a note. Reviewed here; closed only once the cashier confirms it.
 */
import { useId, useState, type FormEvent } from 'react';
import { cashUnitLabel, type CashUnit } from '../../preload/contract/cash-text';
import { noteProblem } from '../../preload/contract/shift-input';
import { TextField } from '../shared/TextField';
import { readCashAmount } from './amount-input';
import { DenominationTable } from './DenominationTable';
import { defaultDenominations, readDenominations, type DenominationDraft } from './denominations';
import { ShiftOperatorFields } from './ShiftOperatorFields';
import type { CountToClose } from './use-close-shift';
import { useShiftOperator } from './use-shift-operator';

interface CloseShiftCountProps {
  readonly unit: CashUnit;
  /** Who opened the shift: the counting operator unless changed. */
  readonly initialOperator: string;
  readonly busy: boolean;
  /** A count that reads: to be confirmed. */
  readonly onCount: (count: CountToClose) => void;
  /** What is wrong with the count as entered, or null once it reads. */
  readonly onProblem: (problem: string | null) => void;
}

export function CloseShiftCount({ unit, initialOperator, busy, onCount, onProblem }: CloseShiftCountProps) {
  const who = useShiftOperator(initialOperator);
  const id = useId();
  const [byDenomination, setByDenomination] = useState(true);
  const [drafts, setDrafts] = useState<DenominationDraft[]>(() => defaultDenominations(unit));
  const [total, setTotal] = useState('');
  const [note, setNote] = useState('');

  function review(event: FormEvent) {
    event.preventDefault();
    const reading = byDenomination ? readDenominations(drafts) : readCashAmount(total);
    if (!reading.ok) return onProblem(reading.error);
    const problem = who.problem() ?? noteProblem(note);
    if (problem !== null) return onProblem(problem);
    onProblem(null);
    const counted = 'total' in reading ? reading.total : reading.amount;
    onCount({
      counted,
      denominations: 'lines' in reading ? reading.lines : null,
      note: note.trim() === '' ? null : note.trim(),
      who: who.who(),
    });
  }

  return (
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
      <ShiftOperatorFields id={id} labels={{ operator: 'Counted by (operator)', pin: 'Their PIN' }} who={who} />
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
  );
}
