/**
 * A cash amount the cashier types (opening float, counted cash) with its submit button; bad input is explained next to
 * the field and nothing is sent.
 */
import { useId, useState, type FormEvent } from 'react';
import { readCashAmount } from './amount-input';

interface CashAmountFieldProps {
  readonly label: string;
  readonly submitLabel: string;
  readonly disabled?: boolean;
  readonly onAmount: (amount: number) => void;
}

export function CashAmountField({ label, submitLabel, disabled = false, onAmount }: CashAmountFieldProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  function submit(event: FormEvent) {
    event.preventDefault();
    const reading = readCashAmount(text);
    if (!reading.ok) {
      setError(reading.error);
      return;
    }
    setError(null);
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
      {error !== null && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
