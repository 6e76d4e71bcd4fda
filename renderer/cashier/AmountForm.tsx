/**
 * An amount field with its submit button; bad input is explained next to the field and nothing is sent. A movement's
 * amount by default; a shift's cash amount (opening float, counted cash) with `read={readCashAmount}`.
 */
import { useId, useState, type FormEvent } from 'react';
import { readAmount, type AmountReading } from './amount-input';
import { ErrorLine } from '../shared/ErrorLine';

interface AmountFormProps {
  readonly label: string;
  readonly submitLabel: string;
  readonly onAmount: (amount: number) => void;
  /** How the text is read (default: a movement's amount). */
  readonly read?: (text: string) => AmountReading;
  readonly disabled?: boolean;
  /** Empty the field once an amount is accepted (default); a count stays visible while it is being closed on. */
  readonly clearOnSubmit?: boolean;
}

export function AmountForm({
  label,
  submitLabel,
  onAmount,
  read = readAmount,
  disabled = false,
  clearOnSubmit = true,
}: AmountFormProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  function submit(event: FormEvent) {
    event.preventDefault();
    const reading = read(text);
    if (!reading.ok) {
      setError(reading.error);
      return;
    }
    setError(null);
    if (clearOnSubmit) setText('');
    onAmount(reading.amount);
  }
  return (
    <form className="amount-form" onSubmit={submit} noValidate>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        inputMode="decimal"
        autoComplete="off"
        value={text}
        disabled={disabled}
        aria-invalid={error !== null}
        aria-describedby={error !== null ? `${id}-error` : undefined}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" disabled={disabled}>
        {submitLabel}
      </button>
      <ErrorLine error={error} id={`${id}-error`} />
    </form>
  );
}
