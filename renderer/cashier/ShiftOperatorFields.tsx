/**
 * Who does a shift's step (opens it, counts it), and their PIN where the venue asks for PINs (Settings): the same two
 * fields in the opening and the closing form, each with its own words.
 */
import { MAX_OPERATOR_NAME } from '../../preload/contract/shift-input';
import { TextField } from '../shared/TextField';
import { usePaperSettings } from '../print/paper-settings';
import type { ShiftOperator } from './use-shift-operator';

interface ShiftOperatorFieldsProps {
  /** The form's id prefix (useId). */
  readonly id: string;
  readonly labels: { readonly operator: string; readonly pin: string };
  /** The form's useShiftOperator. */
  readonly who: ShiftOperator;
}

export function ShiftOperatorFields({ id, labels, who }: ShiftOperatorFieldsProps) {
  const { operatorPin } = usePaperSettings();
  const { operator, onOperator, pin, onPin } = who;
  return (
    <>
      <TextField
        id={`${id}-operator`}
        label={labels.operator}
        maxLength={MAX_OPERATOR_NAME}
        value={operator}
        onChange={onOperator}
      />
      {operatorPin && (
        <TextField
          id={`${id}-pin`}
          label={labels.pin}
          type="password"
          inputMode="numeric"
          value={pin}
          onChange={onPin}
        />
      )}
    </>
  );
}
