/** The history sync's progress and "Sync now". */
import { useState } from 'react';
import type { HistorySyncView, VenueBridge } from '../../preload/contract';
import { call, failureText } from '../bridge/call';
import { useNow } from '../shared/use-now';
import { sinceText } from './format';

function progressText(sync: HistorySyncView, now: number): string {
  switch (sync.state) {
    case 'closed':
      return 'History: no venue connected';
    case 'opening':
      return 'History: opening the local copy…';
    case 'syncing':
      return (
        `Syncing history: ${sync.fetched.toLocaleString('en-US')} new hands fetched` +
        (sync.remaining === null ? '' : `, ${sync.remaining.toLocaleString('en-US')} remaining`)
      );
    case 'not_published':
      return 'History not yet published by the venue';
    case 'failed':
      return (
        `History sync failed${sync.error === null ? '' : `: ${sync.error}`}` +
        (sync.lastSyncedAt === null ? '' : ` (last synced ${sinceText(sync.lastSyncedAt, now)})`)
      );
    case 'idle':
    case 'synced':
      return sync.lastSyncedAt === null
        ? 'History not synced yet'
        : `History synced ${sinceText(sync.lastSyncedAt, now)}`;
  }
}

interface SyncBarProps {
  readonly venue: VenueBridge;
  readonly sync: HistorySyncView;
  /** The venue cannot be reached: the copy on screen is what was synced last. */
  readonly offline: boolean;
}

export function SyncBar({ venue, sync, offline }: SyncBarProps) {
  const now = useNow(15_000);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="sync-bar" role="status" aria-label="History sync">
      <span data-testid="sync-state" data-state={sync.state}>
        {offline && sync.state !== 'syncing'
          ? `Offline — ${progressText(sync, now).replace(/^History/, 'history')}`
          : progressText(sync, now)}
      </span>
      <span className="muted">{sync.stored.toLocaleString('en-US')} hands stored</span>
      <button
        type="button"
        disabled={sync.state === 'syncing' || sync.state === 'closed'}
        onClick={() => {
          setError(null);
          call(venue.syncHistory()).catch((failure: unknown) => setError(failureText(failure)));
        }}
      >
        Sync now
      </button>
      {error !== null && <span className="field-error">{error}</span>}
    </div>
  );
}
