/**
 * The shift controls: with a shift open, since when, its float and the cash expected now, and "Close shift"; with
 * none open, the opening float and "Open shift" (no movement is accepted outside a shift). Past shifts below.
 */
import { memo, useState } from 'react';
import type { MoneyMode, ShiftsView, VenueBridge } from '../../preload/contract';
import { call, failureText } from '../bridge/call';
import { cashUnit } from '../../preload/contract/cash-text';
import { readCashAmount } from './amount-input';
import { AmountForm } from './AmountForm';
import { CloseShiftDialog } from './CloseShiftDialog';
import { PastShifts } from './PastShifts';
import { shiftDateTime, shiftMoney } from './shift-money';
import { ErrorLine } from '../shared/ErrorLine';

interface ShiftPanelProps {
  readonly venue: VenueBridge;
  readonly shifts: ShiftsView;
  readonly mode: MoneyMode | null;
}

export const ShiftPanel = memo(function ShiftPanel({ venue, shifts, mode }: ShiftPanelProps) {
  const [closing, setClosing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { current } = shifts;
  async function open(openingFloat: number) {
    try {
      await call(venue.openShift(openingFloat));
      setError(null);
    } catch (failure) {
      setError(failureText(failure));
    }
  }
  return (
    <section className="shift-panel" aria-label="Shift">
      <h2>Shift</h2>
      {current === null ? (
        <>
          <p className="doubt-warning" data-testid="no-shift">
            No shift is open: buy-ins and cash-outs are refused until one is.
          </p>
          <AmountForm
            read={readCashAmount}
            clearOnSubmit={false}
            label="Opening float in the drawer"
            unit={cashUnit(mode)}
            submitLabel="Open shift"
            onAmount={(amount) => void open(amount)}
          />
        </>
      ) : (
        <>
          <p data-testid="shift-open">
            Open since {shiftDateTime(current.openedAt)}
            {current.openedBy === 'auto' ? ' (opened automatically at the first start, float 0)' : ''}.
          </p>
          {mode !== 'hidden' && (
            <dl className="totals">
              <dt>Opening float</dt>
              <dd>{shiftMoney(current.openingFloat, mode)}</dd>
              <dt>Expected cash now</dt>
              <dd data-testid="shift-expected-now">{shiftMoney(current.expected, mode)}</dd>
            </dl>
          )}
          <button type="button" onClick={() => setClosing(true)}>
            Close shift
          </button>
        </>
      )}
      <ErrorLine error={error} />
      {closing && <CloseShiftDialog venue={venue} shift={current} mode={mode} onClose={() => setClosing(false)} />}
      <PastShifts venue={venue} past={shifts.past} mode={mode} />
    </section>
  );
});
