/** A labelled one-line field (the label names it for people and for getByLabel alike). */
import type { HTMLAttributes } from 'react';

interface TextFieldProps {
  readonly id: string;
  readonly label: string;
  readonly value: string;
  readonly onChange: (text: string) => void;
  readonly inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  readonly type?: 'text' | 'password';
  readonly maxLength?: number;
}

export function TextField({ id, label, value, onChange, inputMode, type = 'text', maxLength }: TextFieldProps) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        inputMode={inputMode}
        autoComplete="off"
        maxLength={maxLength}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </>
  );
}
