/** The hand-over of the drawer: the next operator opens a shift with the cash just counted as the float. */
import { useState } from 'react';
import type { MoneyMode, PrintableShiftSummary, VenueBridge } from '../../preload/contract';
import { cashUnit, cashUnitLabel } from '../../preload/contract/cash-text';
import { OpenShiftForm } from './OpenShiftForm';

interface HandOverProps {
  readonly venue: VenueBridge;
  /** The summary of the shift just closed: its count is the next float. */
  readonly summary: PrintableShiftSummary;
  readonly mode: MoneyMode | null;
}

export function HandOver({ venue, summary, mode }: HandOverProps) {
  const [handedOver, setHandedOver] = useState<string | null>(null);
  return (
    <section className="hand-over" aria-label="Hand over the drawer">
      <h3>Hand over the drawer</h3>
      {handedOver !== null ? (
        <p role="status">{handedOver}</p>
      ) : (
        <>
          <p className="muted">The next operator opens a shift with the cash just counted as the float.</p>
          <OpenShiftForm
            venue={venue}
            unitLabel={cashUnitLabel(cashUnit(mode))}
            initialFloat={summary.counted === null ? '' : String(summary.counted)}
            submitLabel="Open the next shift"
            onOpened={(opened) => setHandedOver(`Next shift opened by ${opened.operator ?? '-'}.`)}
          />
        </>
      )}
    </section>
  );
}
