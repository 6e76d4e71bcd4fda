/**
 * The open shift's ledger: applied movements (who, when, what) with the shift's totals, and a CSV download main
 * prepares. Amounts in chips, in dollars in `dollars` money mode, and none at all in `hidden` mode (shift-money.ts).
 */
import { memo, useState } from 'react';
import type { CashierView, MoneyMode, VenueBridge } from '../../preload/contract';
import { call, failureText } from '../bridge/call';
import { formatChips } from '../shared/money';
import { formatDollars } from '../shared/number-format';
import { clockTime } from '../shared/time';
import { download } from './download';

const UNIT: Readonly<Record<MoneyMode, string>> = { bb: 'chips', dollars: '$', hidden: 'amounts hidden' };

/** Memoized on the ledger: a table-only change does not re-render it. */
export const ShiftLedger = memo(function ShiftLedger({ venue, ledger, mode = null }: { venue: VenueBridge; ledger: CashierView['ledger']; mode?: MoneyMode | null }) {
  const money = (amount: number): string => (mode === 'hidden' ? 'hidden' : mode === 'dollars' ? formatDollars(amount) : formatChips(amount));
  const [error, setError] = useState<string | null>(null);
  const { totals, entries } = ledger;
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
      <h2>Shift ledger ({UNIT[mode ?? 'bb']})</h2>
      <dl className="totals">
        <dt>Buy-ins</dt>
        <dd data-testid="total-buy-ins">{money(totals.buyIns)}</dd>
        <dt>Cash-outs</dt>
        <dd data-testid="total-cash-outs">{money(totals.cashOuts)}</dd>
        <dt>Net (buy-ins − cash-outs)</dt>
        <dd data-testid="total-net">{money(totals.net)}</dd>
      </dl>
      {totals.toConfirm > 0 && (
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
              <th scope="col" className="num">
                Amount
              </th>
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
                <td className="num">{entry.amount === null ? <strong className="to-confirm">amount to confirm</strong> : money(entry.amount)}</td>
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
