/**
 * Ledger rows (the open shift's, or a past shift's read from its archive): when the venue applied each movement (its
 * own time; this PC's only where the venue gave none, said so), who, what, how much, and per row a reprint of its
 * slip and the player's last hands (the dispute tool).
 */
import { useState } from 'react';
import type { LedgerEntry, VenueBridge } from '../../preload/contract';
import { LastHandsButton } from '../history/LastHandsButton';
import type { PlayerLookup } from '../history/routes';
import { clockTime } from '../shared/time';
import { seatText } from './movement-text';
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

function AppliedAt({ entry }: { entry: LedgerEntry }) {
  return (
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
  );
}

export function LedgerTable({ venue, shiftId, entries, hideAmounts, money, onLastHands, label }: LedgerTableProps) {
  const [reprint, setReprint] = useState<string | null>(null);
  return (
    <>
      <table className="ledger-table" aria-label={label}>
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
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} className={entry.bothApplied ? 'ledger-double' : undefined}>
              <AppliedAt entry={entry} />
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
              <td className="row-actions">
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
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {reprint !== null && (
        <SlipDialog venue={venue} movementId={reprint} reprintFrom={shiftId} onClose={() => setReprint(null)} />
      )}
    </>
  );
}
