/** A seat's buy-in: the amount field (focused first: Enter buys in) and the one-click presets. */
import type { Settings } from '../../preload/contract';
import { cashUnitLabel, type CashUnit } from '../../preload/contract/cash-text';
import { formatChips } from '../shared/money';
import type { AmountReading } from './amount-input';
import { AmountForm } from './AmountForm';
import type { Draft } from './seat-movement';

interface SeatBuyInProps {
  readonly disabled: boolean;
  readonly unit: CashUnit;
  readonly read: (text: string) => AmountReading;
  readonly presets: Settings['presets'];
  readonly send: (draft: Draft, confirmed: boolean) => Promise<void>;
}

export function SeatBuyIn({ disabled, unit, read, presets, send }: SeatBuyInProps) {
  return (
    <fieldset disabled={disabled} className="cashier-actions">
      <legend>Buy in ({cashUnitLabel(unit)})</legend>
      <AmountForm
        label="Custom buy-in amount"
        unit={unit}
        read={read}
        autoFocus
        submitLabel="Buy in"
        onAmount={(amount) => void send({ kind: 'buy_in', amount }, false)}
      />
      <div className="presets">
        {presets.map((preset) => (
          <button key={preset} type="button" onClick={() => void send({ kind: 'buy_in', amount: preset }, false)}>
            Buy in {formatChips(preset)}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
