/**
 * The lost `transaction_applied` fault: the host applies the movement (the stack changes, the chip account and the
 * webhook see it) but its event never reaches the live stream, not even in the replay buffer, as when a venue's
 * stream process misses a message. A client keeping the venue's record then has a movement the venue's stream
 * never showed while it was connected: the case reconciliation must flag, not excuse.
 */
import type { DemoFaults } from './api';

/** How many of the next transaction_applied events are kept off the stream. */
export class LostEventSwitch {
  private remaining = 0;

  loseNext(count: number): void {
    if (!Number.isInteger(count) || count < 1)
      throw new Error(`a count of lost events must be 1 or more, got ${count}`);
    this.remaining += count;
  }

  /** True when this event must not be published (and counts it). */
  swallow(kind: string): boolean {
    if (kind !== 'transaction_applied' || this.remaining === 0) return false;
    this.remaining -= 1;
    return true;
  }
}

export function createLostEventFaults(lostEvents: LostEventSwitch): Pick<DemoFaults, 'loseNextTransactionEvents'> {
  return { loseNextTransactionEvents: (count = 1) => lostEvents.loseNext(count) };
}

/** The text command `lose-event [N]` (fault-commands.ts hands it here). */
export function lostEventCommand(
  text: string,
  count: number | null,
): { readonly text: string; readonly run: (faults: DemoFaults) => void } | null {
  return count === null ? null : { text, run: (faults) => faults.loseNextTransactionEvents(count) };
}
