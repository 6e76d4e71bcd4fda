/**
 * The two cashier dialogs as the shell opens them, each following the parts of the snapshot it shows while open:
 * one seat's (its live stack), and the walk-in's (the table's seats).
 */
import { useEffect, useState } from 'react';
import type { VenueBridge } from '../../preload/contract';
import { sameVenueName } from '../../preload/contract/player-name';
import { wholeChipsAt } from '../cashier/amount-input';
import { CashierDialog } from '../cashier/CashierDialog';
import { WalkInDialog } from '../cashier/WalkInDialog';
import type { PlayerLookup } from '../history/routes';
import { selectCashier, selectMoneyMode, selectSettings, selectStale, selectTable } from '../shared/snapshot-parts';
import type { SnapshotStore } from '../shared/snapshot-store';
import { useSnapshotPart } from '../shared/use-snapshot';

/** What both cashier dialogs follow while open: the table, the cashier's state, the settings and the money mode. */
function useDialogParts(store: SnapshotStore) {
  const table = useSnapshotPart(store, selectTable);
  const cashier = useSnapshotPart(store, selectCashier);
  const settings = useSnapshotPart(store, selectSettings);
  const mode = useSnapshotPart(store, selectMoneyMode);
  return { table, shared: { cashier, settings, mode, wholeChips: wholeChipsAt(table) } };
}

interface SeatCashierProps {
  readonly venue: VenueBridge;
  readonly store: SnapshotStore;
  readonly seatId: number;
  readonly onClose: () => void;
  readonly onLastHands: (player: PlayerLookup) => void;
  readonly onOpenShift: () => void;
}

/** The cashier dialog for one seat, following that seat's live stack while it is open. */
export function SeatCashier({ venue, store, seatId, onClose, onLastHands, onOpenShift }: SeatCashierProps) {
  const { table, shared } = useDialogParts(store);
  const seat = table?.seats.find((candidate) => candidate.seatId === seatId) ?? null;
  // The dialog is for the player it was opened for: once they leave the seat (or another player takes it), it closes,
  // so the next amount typed never goes to someone else.
  const [openedFor] = useState(() => seat?.name ?? null);
  const left = seat?.name == null || openedFor === null || !sameVenueName(seat.name, openedFor);
  useEffect(() => {
    if (left) onClose();
  }, [left, onClose]);
  if (left || seat === null) return null;
  return (
    <CashierDialog
      venue={venue}
      {...shared}
      seat={seat}
      bigBlind={table?.blinds?.bigBlind ?? null}
      betweenHands={table?.betweenHands ?? false}
      onClose={onClose}
      onLastHands={onLastHands}
      onOpenShift={onOpenShift}
    />
  );
}

/** The walk-in dialog, following the table's seats (a name typed is checked against who sits now). */
export function WalkIn({
  venue,
  store,
  onClose,
  onSeat,
  onOpenShift,
}: {
  venue: VenueBridge;
  store: SnapshotStore;
  onClose: () => void;
  onSeat: (seatId: number) => void;
  onOpenShift: () => void;
}) {
  const { table, shared } = useDialogParts(store);
  const stale = useSnapshotPart(store, selectStale);
  return (
    <WalkInDialog
      venue={venue}
      {...shared}
      seats={table?.seats ?? []}
      numSeats={table?.numSeats ?? null}
      live={!stale}
      onClose={onClose}
      onSeat={onSeat}
      onOpenShift={onOpenShift}
    />
  );
}
