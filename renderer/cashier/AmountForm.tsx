/** An amount field with its submit button; bad input is explained next to the field and nothing is sent. */
import { useId, useState, type FormEvent } from 'react';
import { readAmount } from './amount-input';

interface AmountFormProps {
  readonly label: string;
  readonly submitLabel: string;
  readonly onAmount: (amount: number) => void;
}

export function AmountForm({ label, submitLabel, onAmount }: AmountFormProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  function submit(event: FormEvent) {
    event.preventDefault();
    const reading = readAmount(text);
    if (!reading.ok) {
      setError(reading.error);
      return;
    }
    setError(null);
    setText('');
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
        aria-invalid={error !== null}
        aria-describedby={error !== null ? `${id}-error` : undefined}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit">{submitLabel}</button>
      {error !== null && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
