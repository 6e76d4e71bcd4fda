/**
 * The shift controls: with a shift open, since when, who opened it, its float and the cash expected now, and "Close
 * shift"; with none open, the opening float and the operator, and "Open shift" (no movement is accepted outside a
 * shift; nothing opens by itself, not even the first shift). Past shifts below.
 */
import { memo, useState } from 'react';
import type { MoneyMode, ShiftsView, VenueBridge } from '../../preload/contract';
import { cashUnit, cashUnitLabel } from '../../preload/contract/cash-text';
import { localDateTime } from '../../preload/contract/local-time';
import { CloseShiftDialog } from './CloseShiftDialog';
import { OpenShiftForm } from './OpenShiftForm';
import { PastShifts } from './PastShifts';
import type { PlayerLookup } from '../history/routes';
import { shiftMoney } from './shift-money';

interface ShiftPanelProps {
  readonly venue: VenueBridge;
  readonly shifts: ShiftsView;
  readonly mode: MoneyMode | null;
  /** Opens a player's last hands from a past shift's movement (the dispute tool). */
  readonly onLastHands?: (player: PlayerLookup) => void;
}

export const ShiftPanel = memo(function ShiftPanel({ venue, shifts, mode, onLastHands }: ShiftPanelProps) {
  const [closing, setClosing] = useState(false);
  const [adopted, setAdopted] = useState<string | null>(null);
  const { current } = shifts;
  return (
    <section className="shift-panel" aria-label="Shift">
      <h2>Shift</h2>
      {shifts.damaged != null ? (
        <p className="books-damaged" role="status" data-testid="shift-damaged">
          {shifts.damaged}
        </p>
      ) : current === null ? (
        <>
          <p className="doubt-warning" data-testid="no-shift">
            {shifts.firstShift
              ? 'First shift: count the cash in the drawer and open the shift with it as the float.'
              : 'No shift is open: buy-ins and cash-outs are refused until one is.'}
          </p>
          {shifts.beforeShifts > 0 && (
            <p className="muted" data-testid="before-shifts">
              {shifts.beforeShifts} earlier {shifts.beforeShifts === 1 ? 'movement' : 'movements'} from before shifts
              will belong to this first shift.
            </p>
          )}
          <OpenShiftForm
            venue={venue}
            unitLabel={cashUnitLabel(cashUnit(mode))}
            onOpened={(opened) =>
              setAdopted(
                opened.adopted > 0
                  ? `This first shift took in ${opened.adopted} earlier ` +
                      `${opened.adopted === 1 ? 'movement' : 'movements'} from before shifts.`
                  : null,
              )
            }
          />
        </>
      ) : (
        <>
          <p data-testid="shift-open">
            Open since {localDateTime(current.openedAt)}
            {current.operator !== null ? `, by ${current.operator}` : ''}
            {current.openedBy === 'auto' ? ' (opened automatically at the first start, float 0)' : ''}.
          </p>
          {adopted !== null && (
            <p className="muted" role="status" data-testid="adopted">
              {adopted}
            </p>
          )}
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
      {closing && <CloseShiftDialog venue={venue} shift={current} mode={mode} onClose={() => setClosing(false)} />}
      <PastShifts venue={venue} past={shifts.past} mode={mode} onLastHands={onLastHands} />
    </section>
  );
});
