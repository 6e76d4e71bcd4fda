/** The walk-in's buy-in amount, with what the field understood ("1,000 chips") beside it as the cashier types. */
import type { Ref } from 'react';
import { cashText, cashUnitLabel, type CashUnit } from '../../preload/contract/cash-text';
import { readAmount } from './amount-input';

interface WalkInAmountProps {
  /** The dialog's id prefix (useId). */
  readonly id: string;
  readonly unit: CashUnit;
  readonly wholeChips: boolean;
  readonly amountText: string;
  readonly onAmountText: (text: string) => void;
  /** The field, focused once a name is picked from the roster. */
  readonly inputRef: Ref<HTMLInputElement>;
}

export function WalkInAmount({ id, unit, wholeChips, amountText, onAmountText, inputRef }: WalkInAmountProps) {
  const reading = amountText.trim() === '' ? null : readAmount(amountText, { wholeChips });
  return (
    <>
      <label htmlFor={`${id}-amount`}>Buy-in amount ({cashUnitLabel(unit)})</label>
      <input
        id={`${id}-amount`}
        ref={inputRef}
        inputMode="decimal"
        autoComplete="off"
        value={amountText}
        onChange={(event) => onAmountText(event.target.value)}
      />
      <span className="amount-understood" data-testid="amount-understood">
        {reading?.ok === true ? cashText(reading.amount, unit) : ''}
      </span>
    </>
  );
}
