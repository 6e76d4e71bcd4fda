/** Which screen is shown and which cashier dialog is open, and the moves between them. */
import { useCallback, useState } from 'react';
import { lookupRoute, type HistoryRoute, type PlayerLookup } from '../history/routes';
import type { SnapshotStore } from '../shared/snapshot-store';
import type { Screen } from './AppTopBar';

/**
 * The screen and the dialogs on it, and moving between them: from a walk-in to a seat, from a money dialog to the
 * shift, to a player's hands in the history.
 */
export function useNavigation(store: SnapshotStore) {
  const [screen, setScreen] = useState<Screen>('table');
  const [seatId, setSeatId] = useState<number | null>(null);
  const [walkIn, setWalkIn] = useState(false);
  // Reads the table when a seat is asked for, not on every render: the seat hotkeys stay stable and the shell
  // does not follow the live table.
  const openSeat = useCallback(
    (id: number) => {
      if (store.loaded().table?.seats.some((seat) => seat.seatId === id && seat.name !== null) === true) setSeatId(id);
    },
    [store],
  );
  const closeSeat = useCallback(() => setSeatId(null), []);
  const openWalkIn = useCallback(() => setWalkIn(true), []);
  const closeWalkIn = useCallback(() => setWalkIn(false), []);
  // From a money dialog refused for want of a shift: to the Cashier screen, where the shift is opened.
  const openShift = useCallback(() => {
    setWalkIn(false);
    setSeatId(null);
    setScreen('cashier');
  }, []);
  const seatFromWalkIn = useCallback(
    (id: number) => {
      setWalkIn(false);
      openSeat(id);
    },
    [openSeat],
  );
  const [historyRoute, setHistoryRoute] = useState<HistoryRoute>({ view: 'players' });
  const lastHands = useCallback((player: PlayerLookup) => {
    setSeatId(null);
    setHistoryRoute(lookupRoute(player));
    setScreen('history');
  }, []);
  return {
    ...{ screen, setScreen, seatId, walkIn, openSeat, closeSeat, openWalkIn, closeWalkIn },
    ...{ openShift, seatFromWalkIn, historyRoute, lastHands },
  };
}
