/**
 * A step of this PC's wall clock, said once: shown until the cashier dismisses it, and never again for that step
 * (main keeps the latest step in the view; its id says which). No money decision reads the wall clock, so this is
 * information, not a warning: the times on slips and rows are the PC's clock as it read then.
 */
import { useState } from 'react';
import type { CashierView } from '../../preload/contract/cashier';

/** Steps already dismissed in this window: a later push of the same notice does not bring it back. */
const dismissed = new Set<string>();

export function ClockStepNotice({ notice }: { notice: CashierView['clockNotice'] }) {
  const [, setVersion] = useState(0);
  if (notice == null || dismissed.has(notice.id)) return null;
  return (
    <section className="clock-step-notice" role="status" aria-label="Clock change">
      <p>{notice.text}</p>
      <button
        type="button"
        onClick={() => {
          dismissed.add(notice.id);
          setVersion((version) => version + 1);
        }}
      >
        Got it
      </button>
    </section>
  );
}
