/**
 * The open shift's venue check in one line, under the shift: "all 12 movements confirmed by the venue", "1 not yet
 * seen by the venue", "3 movements at the table not through this cashier". Main decides every word; this shows it.
 */
import type { ReconciliationView } from '../../preload/contract';

export function ReconciliationStatus({ view }: { view: ReconciliationView | null | undefined }) {
  if (view === null || view === undefined) return null;
  return (
    <p className={`reconcile-status reconcile-${view.tone}`} role="status" data-testid="reconcile-status">
      <span className="reconcile-label">Venue check:</span> {view.status}
    </p>
  );
}
