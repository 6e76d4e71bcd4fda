/**
 * The cage's event log beside the shift: the latest significant events (key or address changed, access withdrawn,
 * a clock step, a full disk, damage found, PIN failures, settings changed), newest first, and the whole log as CSV.
 * Main keeps the log sealed with the books; this only shows it.
 */
import { memo } from 'react';
import type { SessionSnapshot, VenueBridge } from '../../preload/contract';
import { localDateTime } from '../../preload/contract/local-time';
import { ErrorLine } from '../shared/ErrorLine';
import type { SnapshotStore } from '../shared/snapshot-store';
import { useCommand } from '../shared/use-command';
import { useSnapshotPart } from '../shared/use-snapshot';
import { downloadCsv } from './download';

const selectEvents = (snapshot: SessionSnapshot) => snapshot.events;

export const EventLogSection = memo(function EventLogSection({
  venue,
  store,
}: {
  readonly venue: VenueBridge;
  readonly store: SnapshotStore;
}) {
  const events = useSnapshotPart(store, selectEvents) ?? [];
  const { error, run } = useCommand();
  return (
    <section className="event-log" aria-label="Event log">
      <h2>Event log</h2>
      {events.length === 0 ? (
        <p className="muted">Nothing logged yet.</p>
      ) : (
        // Scrolls when long: focusable, so a keyboard can scroll it too.
        <ol className="event-list" tabIndex={0} aria-label="Events, newest first">
          {events.map((entry, index) => (
            <li key={`${entry.at}-${index}`} data-testid="event-log-entry" data-kind={entry.kind}>
              <time>{localDateTime(entry.at)}</time> {entry.text}
              {entry.operator !== null && ` (${entry.operator})`}
            </li>
          ))}
        </ol>
      )}
      <button type="button" onClick={() => void run(() => downloadCsv(venue.exportEvents('all')))}>
        Export the event log (CSV)
      </button>
      <ErrorLine error={error} />
    </section>
  );
});
