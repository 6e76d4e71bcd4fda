/**
 * An amount field with its submit button; bad input is explained next to the field and nothing is sent. While the
 * cashier types, the field says what it understood ("1,000 chips") so a comma or a space is never a surprise. A
 * movement's amount by default; a shift's cash amount (opening float, counted cash) with `read={readCashAmount}`.
 */
import { useId, useState, type FormEvent } from 'react';
import { cashText, cashUnitLabel, type CashUnit } from '../../preload/contract/cash-text';
import { readAmount, type AmountReading } from './amount-input';
import { ErrorLine } from '../shared/ErrorLine';

interface AmountFormProps {
  /** The field's label; with `unit`, the unit is added after it ("Custom buy-in amount (chips)"). */
  readonly label: string;
  readonly submitLabel: string;
  readonly onAmount: (amount: number) => void;
  /** How the text is read (default: a movement's amount). */
  readonly read?: (text: string) => AmountReading;
  /** The drawer's unit: named in the label and in the "understood" line (chips when not given). */
  readonly unit?: CashUnit;
  readonly disabled?: boolean;
  /** Empty the field once an amount is accepted (default); a count stays visible while it is being closed on. */
  readonly clearOnSubmit?: boolean;
  /** Put the focus on the field when the form appears (the seat's cashier: the amount is what is typed first). */
  readonly autoFocus?: boolean;
}

export function AmountForm({
  label,
  submitLabel,
  onAmount,
  read = readAmount,
  unit,
  disabled = false,
  clearOnSubmit = true,
  autoFocus = false,
}: AmountFormProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const reading = text.trim() === '' ? null : read(text);
  function submit(event: FormEvent) {
    event.preventDefault();
    const submitted = read(text);
    if (!submitted.ok) {
      setError(submitted.error);
      return;
    }
    setError(null);
    if (clearOnSubmit) setText('');
    onAmount(submitted.amount);
  }
  return (
    <form className="amount-form" onSubmit={submit} noValidate>
      <label htmlFor={id}>{unit === undefined ? label : `${label} (${cashUnitLabel(unit)})`}</label>
      <input
        id={id}
        inputMode="decimal"
        autoComplete="off"
        value={text}
        disabled={disabled}
        data-autofocus={autoFocus ? '' : undefined}
        aria-invalid={error !== null}
        aria-describedby={`${id}-understood ${error !== null ? `${id}-error` : ''}`}
        onChange={(event) => {
          setText(event.target.value);
          setError(null);
        }}
      />
      <button type="submit" disabled={disabled}>
        {submitLabel}
      </button>
      <span id={`${id}-understood`} className="amount-understood" data-testid="amount-understood">
        {reading?.ok === true ? cashText(reading.amount, unit ?? 'chips') : ''}
      </span>
      <ErrorLine error={error} id={`${id}-error`} />
    </form>
  );
}
