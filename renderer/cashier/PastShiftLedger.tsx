/**
 * A past shift's applied movements, read by main from the shift's archive: each row's slip can be reprinted (marked
 * REPRINT) and the player's last hands opened, as from the open shift's ledger.
 */
import { useEffect, useState } from 'react';
import type { LedgerEntry, MoneyMode, ShiftSummary, VenueBridge } from '../../preload/contract';
import { cashText, cashUnit } from '../../preload/contract/cash-text';
import { localDateTime } from '../../preload/contract/local-time';
import { formatDecimal } from '../../preload/contract/number-format';
import { call, failureText } from '../bridge/call';
import type { PlayerLookup } from '../history/routes';
import { Dialog } from '../shared/Dialog';
import { ErrorLine } from '../shared/ErrorLine';
import { LedgerTable } from './LedgerTable';

interface PastShiftLedgerProps {
  readonly venue: VenueBridge;
  readonly shift: ShiftSummary;
  readonly mode: MoneyMode | null;
  readonly onLastHands?: ((player: PlayerLookup) => void) | undefined;
  readonly onClose: () => void;
}

export function PastShiftLedger({ venue, shift, mode, onLastHands, onClose }: PastShiftLedgerProps) {
  const [entries, setEntries] = useState<readonly LedgerEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    call(venue.shiftLedger(shift.id)).then(setEntries, (failure: unknown) => setError(failureText(failure)));
  }, [venue, shift.id]);
  const unit = cashUnit(mode);
  const money = (amount: number) => (unit === 'dollars' ? cashText(amount, unit) : formatDecimal(amount, 2));
  const opened = localDateTime(shift.openedAt);
  return (
    <Dialog title={`Movements of the shift opened ${opened}`} onClose={onClose} className="past-shift-ledger">
      {entries !== null && entries.length === 0 && <p className="muted">No applied movements in this shift.</p>}
      {entries !== null && entries.length > 0 && (
        <LedgerTable
          venue={venue}
          shiftId={shift.id}
          entries={entries}
          hideAmounts={mode === 'hidden'}
          money={money}
          onLastHands={onLastHands}
          label="Movements of this shift"
        />
      )}
      <ErrorLine error={error} />
    </Dialog>
  );
}
