/**
 * Notices a venue host that stopped streaming while our socket stays open. The socket says `live` only in the
 * state frame sent on connect, so when the table has been quiet for a probe interval we ask GET /live/state.
 * New data on the socket (or a probe answering live: true) clears the verdict.
 */
import type { VenueClient } from '../venue/rest-client';
import type { TableState } from '../venue/table-model';
import { systemClock } from '../venue/clock';

/** Default quiet time before asking: longer than a normal gap between table commits. */
export const DEFAULT_HOST_PROBE_MS = 10_000;

export interface HostOffline {
  /** Receive time of the newest data we have (the last frame shown). */
  readonly lastFrameAt: number | null;
  /** Receive time of the latest data when the probe said offline; newer data means the host is back. */
  readonly dataAtVerdict: number | null;
}

export class VenueHostProbe {
  private verdict: HostOffline | null = null;
  private readonly timer: NodeJS.Timeout;
  private probing = false;

  constructor(
    private readonly client: VenueClient,
    private readonly table: () => TableState,
    private readonly socketOpen: () => boolean,
    private readonly onChange: () => void,
    private readonly intervalMs = DEFAULT_HOST_PROBE_MS,
    // Order time: the table's lastDataAt is on it.
    private readonly now: () => number = systemClock.now,
  ) {
    this.timer = setInterval(() => void this.tick(), Math.max(50, Math.floor(intervalMs / 2)));
    this.timer.unref();
  }

  /** Non-null while the venue says its host is offline and nothing newer arrived. */
  offline(): HostOffline | null {
    const verdict = this.verdict;
    if (verdict === null) return null;
    const latest = this.table().lastDataAt;
    if (latest !== null && verdict.dataAtVerdict !== null && latest > verdict.dataAtVerdict) {
      this.verdict = null;
      return null;
    }
    return verdict;
  }

  close(): void {
    clearInterval(this.timer);
  }

  private async tick(): Promise<void> {
    const last = this.table().lastDataAt;
    const quiet = last === null || this.now() - last >= this.intervalMs;
    if (this.probing || !this.socketOpen() || (!quiet && this.verdict === null)) return;
    this.probing = true;
    try {
      const answer = await this.client.liveState();
      const before = this.verdict;
      const dataAt = this.table().lastDataAt;
      this.verdict = answer.live ? null : { lastFrameAt: before?.lastFrameAt ?? dataAt, dataAtVerdict: dataAt };
      if ((before === null) !== (this.verdict === null)) this.onChange();
    } catch {
      // A failed probe says nothing about the host; the socket's own state covers our connection.
    } finally {
      this.probing = false;
    }
  }
}
