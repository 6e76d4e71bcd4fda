/**
 * A closed shift's summary, made for paper: Print calls window.print() and the print stylesheet (cashier.css)
 * prints only this sheet. In hidden money mode the screen shows no amounts; the printed sheet does (it is for
 * whoever checks the drawer), as do the text and CSV files.
 */
import { useState, type ReactNode } from 'react';
import type { MoneyMode, PrintableShiftSummary, VenueBridge } from '../../preload/contract';
import { call, failureText } from '../bridge/call';
import { download } from './download';
import { printedMoney, shiftDateTime, shiftMoney, varianceText } from './shift-money';
import { ErrorLine } from '../shared/ErrorLine';
import { ReconciliationSection } from './ReconciliationSection';

function Money({ amount, mode }: { amount: number | null; mode: MoneyMode | null }) {
  if (amount === null) return <>-</>;
  const shown = shiftMoney(amount, mode);
  if (shown !== null) return <>{shown}</>;
  return (
    <>
      <span className="screen-only muted">hidden</span>
      <span className="print-only">{printedMoney(amount, mode)}</span>
    </>
  );
}

function Variance({ variance, mode }: { variance: number | null; mode: MoneyMode | null }) {
  if (variance === null) return <>-</>;
  return (
    <>
      <span className="screen-only">{varianceText(variance, mode)}</span>
      <span className="print-only">{varianceText(variance, mode, true)}</span>
    </>
  );
}

interface ShiftSummarySheetProps {
  readonly venue: VenueBridge;
  readonly summary: PrintableShiftSummary;
  readonly mode: MoneyMode | null;
}

export function ShiftSummarySheet({ venue, summary, mode }: ShiftSummarySheetProps) {
  const [error, setError] = useState<string | null>(null);
  const rows: Array<readonly [string, ReactNode, string]> = [
    [
      'Opened',
      `${shiftDateTime(summary.openedAt)}${summary.openedBy === 'auto' ? ' (automatically, first start)' : ''}`,
      'opened',
    ],
    ['Closed', summary.closedAt === null ? 'still open' : shiftDateTime(summary.closedAt), 'closed'],
    ['Opening float', <Money amount={summary.openingFloat} mode={mode} />, 'float'],
    ['Buy-ins', <Money amount={summary.buyIns} mode={mode} />, 'buy-ins'],
    ['Cash-outs', <Money amount={summary.cashOuts} mode={mode} />, 'cash-outs'],
    ['Expected cash', <Money amount={summary.expected} mode={mode} />, 'expected'],
    ['Counted cash', <Money amount={summary.counted} mode={mode} />, 'counted'],
    ['Variance', <Variance variance={summary.variance} mode={mode} />, 'variance'],
    ['Applied movements', String(summary.applied ?? '-'), 'applied'],
  ];
  async function exportCsv() {
    try {
      const file = await call(venue.exportShiftCsv(summary.id));
      download(file.filename, file.csv);
      setError(null);
    } catch (failure) {
      setError(failureText(failure));
    }
  }
  return (
    <div className="shift-summary-wrap">
      <article className="shift-summary" aria-label="Shift summary" data-testid="shift-summary">
        <h3>{summary.venueName}: shift summary</h3>
        <p className="shift-id">{summary.id}</p>
        <table>
          <tbody>
            {rows.map(([label, value, id]) => (
              <tr key={id}>
                <th scope="row">{label}</th>
                <td data-testid={`summary-${id}`}>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {(summary.toConfirm ?? 0) > 0 && (
          <p className="to-confirm">
            {summary.toConfirm} applied with no amount reported (amount to confirm): not in the expected cash.
          </p>
        )}
        {(summary.doubles ?? 0) > 0 && (
          <p className="double-alarm">{summary.doubles} movements applied twice: review the adjustment.</p>
        )}
        <ReconciliationSection view={summary.reconciliation} mode={mode} />
      </article>
      <div className="dialog-actions">
        <button type="button" className="primary" onClick={() => window.print()}>
          Print
        </button>
        <button type="button" onClick={() => download(`${summary.id}.txt`, summary.text, 'text/plain')}>
          Save summary (text)
        </button>
        <button type="button" onClick={() => void exportCsv()}>
          Export shift CSV
        </button>
      </div>
      <ErrorLine error={error} />
    </div>
  );
}
