/**
 * An operator proving who they are: a name and a PIN, in one small group of fields. Used where the venue asks for
 * PINs: Settings' changes (who authorizes), the manager enrolling or unlocking, and a second operator approving a
 * decision under dual control. The PIN is sent to main with the command and never kept by the page.
 */
import { useId } from 'react';
import { MAX_OPERATOR_NAME } from '../../preload/contract/shift-input';

export interface AuthDraft {
  readonly operator: string;
  readonly pin: string;
}

export const EMPTY_AUTH: AuthDraft = { operator: '', pin: '' };

/** The draft as the command takes it; main checks the name and the PIN (and says what is wrong, in words). */
export const authOf = (draft: AuthDraft): { readonly operator: string; readonly pin: string } => ({
  operator: draft.operator.trim(),
  pin: draft.pin,
});

export function OperatorAuthFields({
  legend,
  value,
  onChange,
  disabled = false,
}: {
  readonly legend: string;
  readonly value: AuthDraft;
  readonly onChange: (next: AuthDraft) => void;
  readonly disabled?: boolean;
}) {
  const id = useId();
  return (
    <fieldset className="operator-auth" disabled={disabled}>
      <legend>{legend}</legend>
      <label htmlFor={`${id}-name`}>Operator</label>
      <input
        id={`${id}-name`}
        autoComplete="off"
        maxLength={MAX_OPERATOR_NAME}
        value={value.operator}
        onChange={(event) => onChange({ ...value, operator: event.target.value })}
      />
      <label htmlFor={`${id}-pin`}>PIN</label>
      <input
        id={`${id}-pin`}
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={12}
        value={value.pin}
        onChange={(event) => onChange({ ...value, pin: event.target.value })}
      />
    </fieldset>
  );
}
