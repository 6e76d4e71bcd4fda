/** The cashier's keys: a seat's number opens its cashier, W the walk-in buy-in. */
import { useEffect } from 'react';

function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/** The key that opens the walk-in buy-in from the table (shown on its button). */
export const WALK_IN_KEY = 'w';

/**
 * Seat hotkeys 1-9 open the cashier for that seat (on the table), and W the walk-in (on the table and the cashier
 * screen), when no dialog is open and no field has focus. Null: that key does nothing on this screen.
 */
export function useCashierHotkeys(openSeat: ((seatId: number) => void) | null, openWalkIn: (() => void) | null): void {
  useEffect(() => {
    if (openSeat === null && openWalkIn === null) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      if (document.querySelector('dialog[open]') !== null) return;
      // The key itself must not land in the field the dialog focuses (the seat's amount, the walk-in's name).
      if (openSeat !== null && /^[1-9]$/.test(event.key)) {
        event.preventDefault();
        openSeat(Number(event.key));
      } else if (openWalkIn !== null && event.key.toLowerCase() === WALK_IN_KEY) {
        event.preventDefault();
        openWalkIn();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [openSeat, openWalkIn]);
}
