/**
 * The cashier's movements of a player (buy-ins and cash-outs through this cashier, every shift's), oldest first by the
 * venue's own time with the venue's hand number: the money side of a dispute, beside the hands.
 */
import type { MoneyMode, PlayerMovement, VenueBridge } from '../../preload/contract';
import { cashText, cashUnit } from '../../preload/contract/cash-text';
import { localDateTime } from '../../preload/contract/local-time';
import { kindText } from '../cashier/movement-text';
import { DataTable, numeric } from '../shared/DataTable';
import { ErrorLine } from '../shared/ErrorLine';
import { useBridgeValue } from '../shared/use-bridge-value';

interface CashierMovementsProps {
  readonly venue: VenueBridge;
  readonly playerId: string | null;
  readonly name: string;
  readonly mode: MoneyMode | null;
}

export function CashierMovements({ venue, playerId, name, mode }: CashierMovementsProps) {
  const { value: rows, error } = useBridgeValue(`${playerId ?? ''}|${name}`, () =>
    venue.playerMovements(playerId, name),
  );
  const hidden = mode === 'hidden';
  const unit = cashUnit(mode);
  return (
    <section aria-label="Cashier movements">
      <h3>Cashier movements</h3>
      {rows !== null && rows.length === 0 && <p className="muted">No buy-in or cash-out through this cashier.</p>}
      {rows !== null && rows.length > 0 && (
        <DataTable
          className="ledger-table"
          label="Cashier movements of this player"
          rows={rows}
          rowKey={(row) => row.id}
          columns={[
            {
              header: 'Applied at',
              cell: (row) => (
                <>
                  {localDateTime(row.at)}
                  {!row.venueTime && <span className="muted"> (this PC's time)</span>}
                </>
              ),
            },
            { header: 'Kind', cell: (row) => kindText(row.kind) },
            !hidden &&
              numeric<PlayerMovement>({
                header: 'Amount',
                cell: (row) => (row.amount === null ? 'amount to confirm' : cashText(row.amount, unit)),
              }),
            { header: 'Venue hand', cell: (row) => (row.handNumber === null ? '-' : `#${row.handNumber}`) },
          ]}
        />
      )}
      <ErrorLine error={error} />
    </section>
  );
}
