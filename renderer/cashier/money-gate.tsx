/**
 * Said before a press that would be refused: no shift is open (main refuses every buy-in and cash-out then), so the
 * money buttons are disabled with the reason beside them and a way to open one. Only what the client knows for
 * certain blocks here (its own shift book); the venue's answers are never guessed.
 */
import type { ShiftsView } from '../../preload/contract';

/** Why no money can move on this PC now, or null when a shift is open. */
export function shiftBlocker(shifts: ShiftsView): string | null {
  if (shifts.current !== null) return null;
  if (shifts.damaged != null)
    return 'The shift records on this PC are damaged: no money moves until a manager has checked the books.';
  return 'Open a shift first: buy-ins and cash-outs are refused until a shift is open.';
}

/** The reason the money buttons are disabled, with the way to open a shift when that is what is missing. */
export function ShiftBlockedNotice({ shifts, onOpenShift }: { shifts: ShiftsView; onOpenShift?: () => void }) {
  const reason = shiftBlocker(shifts);
  if (reason === null) return null;
  return (
    <p className="not-ready" role="status" data-testid="shift-needed">
      {reason}{' '}
      {shifts.damaged == null && onOpenShift !== undefined && (
        <button type="button" onClick={onOpenShift}>
          Open a shift
        </button>
      )}
    </p>
  );
}
