/**
 * Tells the cashier when the venue's API changed after the revision this app was built for (or predates it).
 * Information, not an alarm: v1 only grows, so everything keeps working; newer venue features may not be shown.
 */
import type { DriftView } from '../../preload/contract';

export function DriftNotice({ drift }: { readonly drift: DriftView | null }) {
  if (drift === null || (drift.drift !== 'newer' && drift.drift !== 'older')) return null;
  const changelog = drift.changelog === null ? '' : ` Change list: ${drift.changelog}`;
  return (
    <div className="drift-notice" role="status" aria-label="Venue API changed">
      {drift.drift === 'newer'
        ? `The venue's API changed on ${drift.venueUpdated ?? '?'}, after the version ` +
          `this app was built for (${drift.builtFor}). Everything keeps working; ` +
          `anything the venue added since is not shown yet — ask for an app update.`
        : `The venue's API dates from ${drift.venueUpdated ?? '?'}, before the version ` +
          `this app was built for (${drift.builtFor}): some screens may stay empty ` +
          `until the venue updates.`}
      {changelog}
    </div>
  );
}
