/** Asks before a walk-in above the large-amount threshold goes to the tray. */
import { cashText } from '../../preload/contract/cash-text';
import { ConfirmLargeAmount, type ConfirmProps } from './ConfirmLargeAmount';
import type { WalkInToConfirm } from './use-walk-in-send';

type WalkInConfirmProps = Pick<ConfirmProps, 'threshold' | 'unit' | 'onConfirm' | 'onCancel'> & {
  readonly confirming: WalkInToConfirm;
};

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
