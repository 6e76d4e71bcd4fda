/**
 * Ledger rows (the open shift's, or a past shift's read from its archive): when the venue applied each movement (its
 * own time; this PC's only where the venue gave none, said so), who, what, how much, and per row a reprint of its
 * slip and the player's last hands (the dispute tool).
 */
import { useState } from 'react';
import type { LedgerEntry, VenueBridge } from '../../preload/contract';
import { LastHandsButton } from '../history/LastHandsButton';
import type { PlayerLookup } from '../history/routes';
import { actionsColumn, DataTable, numeric, type Column } from '../shared/DataTable';
import { clockTime } from '../shared/time';
import { kindText, seatText } from './movement-text';
import { SlipDialog } from './SlipDialog';

interface LedgerTableProps {
  readonly venue: VenueBridge;
  /** The shift the rows belong to: a reprint reads the movement from it. */
  readonly shiftId: string;
  readonly entries: readonly LedgerEntry[];
  readonly hideAmounts: boolean;
  readonly money: (amount: number) => string;
  readonly onLastHands?: ((player: PlayerLookup) => void) | undefined;
  readonly label?: string;
}

/** When the venue applied it, or this PC's time where the venue gave none (said so); both in the tooltip. */
const appliedAt: Column<LedgerEntry> = {
  header: 'Applied at',
  cellAttributes: (entry) => ({
    'data-testid': 'ledger-applied-at',
    title:
      entry.venueAt === null
        ? `Settled here ${clockTime(entry.at)} (the venue's own time not seen)`
        : `Applied by the venue ${clockTime(entry.venueAt)}, settled here ${clockTime(entry.at)}`,
  }),
  cell: (entry) => (
    <>
      {clockTime(entry.venueAt ?? entry.at)}
      {entry.venueAt === null && <span className="muted"> (this PC's time)</span>}
    </>
  ),
};

export function LedgerTable({ venue, shiftId, entries, hideAmounts, money, onLastHands, label }: LedgerTableProps) {
  const [reprint, setReprint] = useState<string | null>(null);
  return (
    <>
      <DataTable
        className="ledger-table"
        label={label}
        rows={entries}
        rowKey={(entry) => entry.id}
        rowAttributes={(entry) => ({ className: entry.bothApplied ? 'ledger-double' : undefined })}
        columns={[
          appliedAt,
          { header: 'Player', cell: (entry) => `${entry.playerName} (${seatText(entry.seatId)})` },
          { header: 'Kind', cell: (entry) => kindText(entry.kind) },
          !hideAmounts &&
            numeric<LedgerEntry>({
              header: 'Amount',
              cell: (entry) =>
                entry.amount === null ? <strong className="to-confirm">amount to confirm</strong> : money(entry.amount),
            }),
          actionsColumn<LedgerEntry>((entry) => (
            <>
              <button
                type="button"
                aria-label={`Reprint slip of ${entry.playerName} ${clockTime(entry.venueAt ?? entry.at)}`}
                onClick={() => setReprint(entry.id)}
              >
                Reprint slip
              </button>
              <LastHandsButton
                player={{ playerId: entry.playerId ?? null, name: entry.playerName }}
                onLastHands={onLastHands}
              />
            </>
          )),
        ]}
      />
      {reprint !== null && (
        <SlipDialog venue={venue} movementId={reprint} reprintFrom={shiftId} onClose={() => setReprint(null)} />
      )}
    </>
  );
}
