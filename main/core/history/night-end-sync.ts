/**
 * Syncs the history when the live plane says a night ended. The venue publishes a closed session when it can, not
 * at once, so a night-end sync that found nothing new (not published yet, or no new hand) asks once more, a while
 * later. A failed run does not: its failure shows in the sync's standing, and the next trigger asks again. One
 * retry is pending at a time, and none survives a change of store (another venue, or none).
 */
import type { History } from './history';
import type { SyncReason } from './sync-runner';

/** How long after a night-end sync that found nothing new the venue is asked once more. */
export const REPUBLISH_RETRY_MS = 60_000;

/** What the retry needs of a store. */
type Syncable = Pick<History, 'requestSync'>;

export class NightEndSync {
  private retryTimer: NodeJS.Timeout | null = null;

  /** `current` is the store open now (null with no venue): a retry is made only while it is still the one. */
  constructor(
    private readonly current: () => Syncable | null,
    private readonly retryMs: number = REPUBLISH_RETRY_MS,
  ) {}

  /** Starts a sync for `reason` and, if it finds nothing new, one later retry. */
  request(reason: SyncReason): void {
    const history = this.current();
    if (history === null) return;
    void history.requestSync(reason).then((outcome) => {
      if (outcome.status === 'failed' || (outcome.status === 'synced' && outcome.fetched > 0)) return;
      if (this.retryTimer !== null || this.current() !== history) return;
      this.retryTimer = setTimeout(() => {
        this.retryTimer = null;
        if (this.current() === history) void history.requestSync(reason);
      }, this.retryMs);
    });
  }

  /** Drops a pending retry (the store is closing). */
  cancel(): void {
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }
}
