/** A seat's cash-out: all of the stack, a part of it, or all of it and the player's session closed. */
import { cashUnitLabel, type CashUnit } from '../../preload/contract/cash-text';
import type { AmountReading } from './amount-input';
import { AmountForm } from './AmountForm';
import type { Draft } from './seat-movement';

interface SeatCashOutProps {
  readonly disabled: boolean;
  readonly unit: CashUnit;
  readonly read: (text: string) => AmountReading;
  readonly send: (draft: Draft, confirmed: boolean) => Promise<void>;
}

export function SeatCashOut({ disabled, unit, read, send }: SeatCashOutProps) {
  return (
    <fieldset disabled={disabled} className="cashier-actions">
      <legend>Cash out ({cashUnitLabel(unit)})</legend>
      <button type="button" onClick={() => void send({ kind: 'cash_out' }, false)}>
        Cash out all
      </button>
      <AmountForm
        label="Partial cash-out amount"
        unit={unit}
        read={read}
        submitLabel="Cash out"
        onAmount={(amount) => void send({ kind: 'cash_out', amount }, false)}
      />
      <button type="button" onClick={() => void send({ kind: 'cash_out', closeSession: true }, false)}>
        Cash out all and leave the table
      </button>
    </fieldset>
  );
}
