/**
 * Closed shifts (newest first): each one's variance, its movements (slips reprinted from its archive), its printable
 * summary and its CSV files; and every shift's movements as one CSV.
 */
import { memo, useState, type ReactNode } from 'react';
import type { MoneyMode, PrintableShiftSummary, ShiftSummary, VenueBridge } from '../../preload/contract';
import { call } from '../bridge/call';
import { actionsColumn, DataTable } from '../shared/DataTable';
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

/** Whether a closed shift's books verify, and its seal. */
function booksText(shift: ShiftSummary): ReactNode {
  if (shift.books?.verified === false) return <span className="books-damaged">Damaged</span>;
  if (shift.digest === null || shift.digest === undefined) return 'Not sealed';
  return <>Verified · {shift.digest}</>;
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
        <DataTable
          className="ledger-table"
          rows={past}
          rowKey={(shift) => shift.id}
          rowAttributes={() => ({ 'data-testid': 'past-shift' })}
          columns={[
            { header: 'Opened', cell: (shift) => localDateTime(shift.openedAt) },
            { header: 'Closed', cell: (shift) => (shift.closedAt === null ? '-' : localDateTime(shift.closedAt)) },
            { header: 'Operator', cell: (shift) => shift.closedBy ?? shift.operator ?? '-' },
            {
              header: 'Variance',
              cell: (shift) => (shift.variance === null ? '-' : varianceText(shift.variance, mode)),
            },
            { header: 'Books', cellAttributes: { 'data-testid': 'past-shift-books' }, cell: booksText },
            actionsColumn<ShiftSummary>((shift) => (
              <>
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
              </>
            )),
          ]}
        />
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
