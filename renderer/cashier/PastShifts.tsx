/**
 * Closed shifts (newest first): each one's variance, its movements (slips reprinted from its archive), its printable
 * summary and its CSV files; and every shift's movements as one CSV.
 */
import { memo, useState } from 'react';
import type { MoneyMode, PrintableShiftSummary, ShiftSummary, VenueBridge } from '../../preload/contract';
import { call } from '../bridge/call';
import { Dialog } from '../shared/Dialog';
import { downloadAll } from './download';
import { localDateTime } from '../../preload/contract/local-time';
import { varianceText } from './shift-money';
import { ShiftSummarySheet } from './ShiftSummarySheet';
import { ErrorLine } from '../shared/ErrorLine';
import { useCommand } from '../shared/use-command';
import type { PlayerLookup } from '../history/routes';
import { PastShiftLedger } from './PastShiftLedger';

interface PastShiftsProps {
  readonly venue: VenueBridge;
  readonly past: readonly ShiftSummary[];
  readonly mode: MoneyMode | null;
  readonly onLastHands?: ((player: PlayerLookup) => void) | undefined;
}

export const PastShifts = memo(function PastShifts({ venue, past, mode, onLastHands }: PastShiftsProps) {
  const [shown, setShown] = useState<PrintableShiftSummary | null>(null);
  const { error, run } = useCommand();
  // The shift whose movements are listed (their slips reprinted from its archive).
  const [listed, setListed] = useState<ShiftSummary | null>(null);
  const exportCsv = (which: string) =>
    run(async () => {
      downloadAll((await call(venue.exportShiftCsv(which))).files);
    });
  return (
    <section className="past-shifts" aria-label="Past shifts">
      <h2>Past shifts</h2>
      {past.length === 0 ? (
        <p className="muted">No closed shift yet.</p>
      ) : (
        <table className="ledger-table">
          <thead>
            <tr>
              <th scope="col">Opened</th>
              <th scope="col">Closed</th>
              <th scope="col">Operator</th>
              <th scope="col">Variance</th>
              <th scope="col">Books</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {past.map((shift) => (
              <tr key={shift.id} data-testid="past-shift">
                <td>{localDateTime(shift.openedAt)}</td>
                <td>{shift.closedAt === null ? '-' : localDateTime(shift.closedAt)}</td>
                <td>{shift.closedBy ?? shift.operator ?? '-'}</td>
                <td>{shift.variance === null ? '-' : varianceText(shift.variance, mode)}</td>
                <td data-testid="past-shift-books">
                  {shift.books?.verified === false ? (
                    <span className="books-damaged">Damaged</span>
                  ) : shift.digest === null || shift.digest === undefined ? (
                    'Not sealed'
                  ) : (
                    <>Verified · {shift.digest}</>
                  )}
                </td>
                <td className="row-actions">
                  <button
                    type="button"
                    onClick={() => void run(async () => setShown(await call(venue.shiftSummary(shift.id))))}
                  >
                    Summary
                  </button>
                  <button type="button" onClick={() => setListed(shift)}>
                    Movements
                  </button>
                  <button type="button" onClick={() => void exportCsv(shift.id)}>
                    CSV
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <button type="button" onClick={() => void exportCsv('all')}>
        Export all shifts (CSV)
      </button>
      <ErrorLine error={error} />
      {listed !== null && (
        <PastShiftLedger
          venue={venue}
          shift={listed}
          mode={mode}
          onLastHands={onLastHands}
          onClose={() => setListed(null)}
        />
      )}
      {shown !== null && (
        <Dialog title="Shift summary" onClose={() => setShown(null)} className="close-shift-dialog">
          <ShiftSummarySheet venue={venue} summary={shown} mode={mode} />
        </Dialog>
      )}
    </section>
  );
});
