/**
 * The open shift's ledger: applied movements (who, when, what; a reprint of each slip and the player's last hands)
 * with the shift's totals, and a CSV download main prepares. Amounts in chips, in dollars in `dollars` money mode,
 * and none at all in `hidden` mode.
 */
import { memo } from 'react';
import type { CashierView, MoneyMode, VenueBridge } from '../../preload/contract';
import { cashText, cashUnit, cashUnitLabel } from '../../preload/contract/cash-text';
import { formatDecimal } from '../../preload/contract/number-format';
import type { PlayerLookup } from '../history/routes';
import { LedgerTable } from './LedgerTable';
import { downloadCsv } from './download';
import { ErrorLine } from '../shared/ErrorLine';
import { useCommand } from '../shared/use-command';

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
  shiftId,
  onLastHands,
}: {
  venue: VenueBridge;
  ledger: CashierView['ledger'];
  mode: MoneyMode | null;
  /** The open shift (its rows' slips are reprinted from it); null with none open (no rows then). */
  shiftId: string | null;
  onLastHands?: (player: PlayerLookup) => void;
}) {
  const { error, run } = useCommand();
  const { totals, entries } = ledger;
  const hideAmounts = mode === 'hidden';
  const unit = cashUnit(mode);
  // Figures under a heading that names the unit: "$" figures carry it anyway, chip figures stay bare in the columns.
  const money: Money = (amount) => (unit === 'dollars' ? cashText(amount, unit) : formatDecimal(amount, 2));
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
        <LedgerTable
          venue={venue}
          shiftId={shiftId ?? ''}
          entries={entries}
          hideAmounts={hideAmounts}
          money={money}
          onLastHands={onLastHands}
        />
      )}
      <button type="button" onClick={() => void run(() => downloadCsv(venue.exportLedgerCsv()))}>
        Export CSV
      </button>
      <ErrorLine error={error} />
    </section>
  );
});
