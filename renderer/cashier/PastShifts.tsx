/** Closed shifts (newest first): each one's variance, its printable summary and its CSV; and every shift as one CSV. */
import { memo, useState } from 'react';
import type { MoneyMode, PrintableShiftSummary, ShiftSummary, VenueBridge } from '../../preload/contract';
import { call, failureText } from '../bridge/call';
import { Dialog } from '../shared/Dialog';
import { downloadAll } from './download';
import { localDateTime } from '../../preload/contract/local-time';
import { varianceText } from './shift-money';
import { ShiftSummarySheet } from './ShiftSummarySheet';
import { ErrorLine } from '../shared/ErrorLine';

interface PastShiftsProps {
  readonly venue: VenueBridge;
  readonly past: readonly ShiftSummary[];
  readonly mode: MoneyMode | null;
}

export const PastShifts = memo(function PastShifts({ venue, past, mode }: PastShiftsProps) {
  const [shown, setShown] = useState<PrintableShiftSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function run(task: () => Promise<void>) {
    try {
      await task();
      setError(null);
    } catch (failure) {
      setError(failureText(failure));
    }
  }
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
      {shown !== null && (
        <Dialog title="Shift summary" onClose={() => setShown(null)} className="close-shift-dialog">
          <ShiftSummarySheet venue={venue} summary={shown} mode={mode} />
        </Dialog>
      )}
    </section>
  );
});
