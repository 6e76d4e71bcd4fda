/** The shift ledger: applied movements (who, when, what) with totals in chips, and a CSV download main prepares. */
import { memo, useState } from 'react';
import type { CashierView, MoneyMode, VenueBridge } from '../../preload/contract';
import { call, failureText } from '../bridge/call';
import { formatChips } from '../shared/money';
import { clockTime } from '../shared/time';

function download(filename: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  URL.revokeObjectURL(url);
}

/** The totals in chips, or (money hidden by the venue) only how many movements applied. */
function Totals({ totals, hideAmounts }: { totals: CashierView['ledger']['totals']; hideAmounts: boolean }) {
  if (hideAmounts) {
    return (
      <p className="muted" data-testid="ledger-hidden">
        Amounts are hidden by the venue. Applied movements this shift: {totals.count}.
      </p>
    );
  }
  return (
    <dl className="totals">
      <dt>Buy-ins</dt>
      <dd data-testid="total-buy-ins">{formatChips(totals.buyIns)}</dd>
      <dt>Cash-outs</dt>
      <dd data-testid="total-cash-outs">{formatChips(totals.cashOuts)}</dd>
      <dt>Net (buy-ins − cash-outs)</dt>
      <dd data-testid="total-net">{formatChips(totals.net)}</dd>
    </dl>
  );
}

/** Memoized on the ledger: a table-only change does not re-render it. */
export const ShiftLedger = memo(function ShiftLedger({ venue, ledger, mode }: { venue: VenueBridge; ledger: CashierView['ledger']; mode: MoneyMode | null }) {
  const [error, setError] = useState<string | null>(null);
  const { totals, entries } = ledger;
  const hideAmounts = mode === 'hidden';
  async function exportCsv() {
    try {
      const file = await call(venue.exportLedgerCsv());
      download(file.filename, file.csv);
      setError(null);
    } catch (failure) {
      setError(failureText(failure));
    }
  }
  return (
    <section className="ledger" aria-label="Shift ledger">
      <h2>{hideAmounts ? 'Shift ledger' : 'Shift ledger (chips)'}</h2>
      <Totals totals={totals} hideAmounts={hideAmounts} />
      {totals.toConfirm > 0 && !hideAmounts && (
        <p className="doubt-warning" data-testid="to-confirm">
          {totals.toConfirm} applied {totals.toConfirm === 1 ? 'movement has' : 'movements have'} no amount reported yet
          (amount to confirm): not in the totals above.
        </p>
      )}
      {totals.doubles > 0 && (
        <p className="double-alarm" role="alert">
          {totals.doubles} movements applied twice: see the tray for the adjustment needed.
        </p>
      )}
      {entries.length === 0 ? (
        <p className="muted">No applied movements this shift yet.</p>
      ) : (
        <table className="ledger-table">
          <thead>
            <tr>
              <th scope="col">Applied at</th>
              <th scope="col">Player</th>
              <th scope="col">Kind</th>
              {!hideAmounts && (
                <th scope="col" className="num">
                  Chips
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id} className={entry.bothApplied ? 'ledger-double' : undefined}>
                <td>{clockTime(entry.at)}</td>
                <td>
                  {entry.playerName} (seat {entry.seatId})
                </td>
                <td>{entry.kind === 'buy_in' ? 'buy-in' : 'cash-out'}</td>
                {!hideAmounts && (
                  <td className="num">{entry.amount === null ? <strong className="to-confirm">amount to confirm</strong> : formatChips(entry.amount)}</td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <button type="button" onClick={() => void exportCsv()}>
        Export CSV
      </button>
      {error !== null && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
});
