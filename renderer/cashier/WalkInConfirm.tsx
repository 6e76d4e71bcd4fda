/** Asks before a walk-in above the large-amount threshold goes to the tray. */
import { cashText, type CashUnit } from '../../preload/contract/cash-text';
import { ConfirmLargeAmount } from './ConfirmLargeAmount';
import type { WalkInToConfirm } from './use-walk-in-send';

interface WalkInConfirmProps {
  readonly confirming: WalkInToConfirm;
  readonly threshold: number;
  readonly unit: CashUnit;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}

export function WalkInConfirm({ confirming, threshold, unit, onConfirm, onCancel }: WalkInConfirmProps) {
  return (
    <ConfirmLargeAmount
      text={`Buy in ${cashText(confirming.amount, unit)} for ${confirming.name} (walk-in)?`}
      threshold={threshold}
      unit={unit}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
