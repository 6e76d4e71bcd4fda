/** A shift just closed: its variance, its printable summary, and the hand-over of the drawer to the next operator. */
import type { MoneyMode, PrintableShiftSummary, VenueBridge } from '../../preload/contract';
import { Dialog } from '../shared/Dialog';
import { HandOver } from './HandOver';
import { varianceText } from './shift-money';
import { ShiftSummarySheet } from './ShiftSummarySheet';

interface ShiftClosedProps {
  readonly venue: VenueBridge;
  readonly summary: PrintableShiftSummary;
  readonly mode: MoneyMode | null;
  readonly onClose: () => void;
}

export function ShiftClosed({ venue, summary, mode, onClose }: ShiftClosedProps) {
  return (
    <Dialog title="Shift closed" onClose={onClose} className="close-shift-dialog">
      <p className="shift-variance" role="status" data-testid="shift-variance">
        Variance: {summary.variance === null ? '-' : varianceText(summary.variance, mode)}
      </p>
      <ShiftSummarySheet venue={venue} summary={summary} mode={mode} />
      <HandOver venue={venue} summary={summary} mode={mode} />
    </Dialog>
  );
}
