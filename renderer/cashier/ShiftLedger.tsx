/**
 * The open shift's ledger: applied movements (who, when, what) with the shift's totals, and a CSV download main
 * prepares. Amounts in chips, in dollars in `dollars` money mode, and none at all in `hidden` mode.
 */
import { memo, useState } from 'react';
import type { CashierView, MoneyMode, VenueBridge } from '../../preload/contract';
import { call, failureText } from '../bridge/call';
import { cashText, cashUnit, cashUnitLabel } from '../../preload/contract/cash-text';
import { formatDecimal } from '../../preload/contract/number-format';
import { clockTime } from '../shared/time';
import { seatText } from './movement-text';
import { download } from './download';
import { ErrorLine } from '../shared/ErrorLine';

type Money = (amount: number) => string;

/** The totals in the venue's unit, or (money hidden by the venue) only how many movements applied. */
function Totals({
  totals,
  hideAmounts,
  money,
}: {
  totals: CashierView['ledger']['totals'];
  hideAmounts: boolean;
  money: Money;
}) {
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
      <dd data-testid="total-buy-ins">{money(totals.buyIns)}</dd>
      <dt>Cash-outs</dt>
      <dd data-testid="total-cash-outs">{money(totals.cashOuts)}</dd>
      <dt>Net (buy-ins − cash-outs)</dt>
      <dd data-testid="total-net">{money(totals.net)}</dd>
    </dl>
  );
}

/** Memoized on the ledger: a table-only change does not re-render it. */
export const ShiftLedger = memo(function ShiftLedger({
  venue,
  ledger,
  mode,
}: {
  venue: VenueBridge;
  ledger: CashierView['ledger'];
  mode: MoneyMode | null;
}) {
  const [error, setError] = useState<string | null>(null);
  const { totals, entries } = ledger;
  const hideAmounts = mode === 'hidden';
  const unit = cashUnit(mode);
  // Figures under a heading that names the unit: "$" figures carry it anyway, chip figures stay bare in the columns.
  const money: Money = (amount) => (unit === 'dollars' ? cashText(amount, unit) : formatDecimal(amount, 2));
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
      <h2>{hideAmounts ? 'Shift ledger' : `Shift ledger (${cashUnitLabel(unit)})`}</h2>
      <Totals totals={totals} hideAmounts={hideAmounts} money={money} />
      {totals.toConfirm > 0 && !hideAmounts && (
        <p className="doubt-warning" data-testid="to-confirm">
          {totals.toConfirm} applied {totals.toConfirm === 1 ? 'movement has' : 'movements have'} no amount reported yet
          (amount to confirm): not in the totals above.
        </p>
      )}
      {totals.doubles > 0 && (
        <p className="double-alarm" role="alert">
          {totals.doubles} {totals.doubles === 1 ? 'movement' : 'movements'} to review (applied twice, misdirected, or
          counted by the cashier): see each one in the tray for the correction it needs.
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
                  Amount
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id} className={entry.bothApplied ? 'ledger-double' : undefined}>
                <td
                  data-testid="ledger-applied-at"
                  title={
                    entry.venueAt === null
                      ? `Settled here ${clockTime(entry.at)} (the venue's own time not seen)`
                      : `Applied by the venue ${clockTime(entry.venueAt)}, settled here ${clockTime(entry.at)}`
                  }
                >
                  {clockTime(entry.venueAt ?? entry.at)}
                  {entry.venueAt === null && <span className="muted"> (this PC's time)</span>}
                </td>
                <td>
                  {entry.playerName} ({seatText(entry.seatId)})
                </td>
                <td>{entry.kind === 'buy_in' ? 'buy-in' : 'cash-out'}</td>
                {!hideAmounts && (
                  <td className="num">
                    {entry.amount === null ? (
                      <strong className="to-confirm">amount to confirm</strong>
                    ) : (
                      money(entry.amount)
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <button type="button" onClick={() => void exportCsv()}>
        Export CSV
      </button>
      <ErrorLine error={error} />
    </section>
  );
});
