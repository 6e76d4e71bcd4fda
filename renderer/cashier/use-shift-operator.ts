/**
 * Who does a shift's step (opens it, counts it) as the form holds it: the name and PIN typed, what is wrong with the
 * name, and who it is as the contract takes it (trimmed, with the PIN only where the venue asks for PINs).
 */
import { useState } from 'react';
import { operatorProblem } from '../../preload/contract/shift-input';
import { usePaperSettings } from '../print/paper-settings';

/** Who, as the open and close channels take it. */
export interface ShiftWho {
  readonly operator: string;
  readonly pin?: string;
}

export interface ShiftOperator {
  readonly operator: string;
  readonly onOperator: (operator: string) => void;
  readonly pin: string;
  readonly onPin: (pin: string) => void;
  /** What is wrong with the name as typed, or null. */
  readonly problem: () => string | null;
  readonly who: () => ShiftWho;
}

export function useShiftOperator(initialOperator = ''): ShiftOperator {
  const { operatorPin } = usePaperSettings();
  const [operator, setOperator] = useState(initialOperator);
  const [pin, setPin] = useState('');
  return {
    operator,
    onOperator: setOperator,
    pin,
    onPin: setPin,
    problem: () => operatorProblem(operator),
    who: () => ({ operator: operator.trim(), ...(operatorPin ? { pin } : {}) }),
  };
}
