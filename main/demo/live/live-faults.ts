/**
 * Faults of the live plane that a real venue's network and engine produce: upgrades refused for a long outage
 * (a 429 with retry_after_sec, a 5xx, a 403, or no answer at all), an engine that restarts while sockets stay open
 * (seq goes back to 1 under them), a close with any code, and a malformed seat in a start_hand.
 */
import type { Duplex } from 'node:stream';

/** How the venue refuses socket upgrades while the fault is on. */
export type DemoUpgradeRefusal =
  /** An HTTP answer: 429 carries `retry_after_sec` (default 5) in its body and a Retry-After header. */
  | { readonly status: number; readonly retryAfterSec?: number }
  /** The connection is cut before any answer: the venue is unreachable. */
  | 'unreachable';

export interface DemoLiveFaults {
  /** Refuses every socket upgrade (a valid key included) until called with null. */
  refuseUpgrades(refusal: DemoUpgradeRefusal | null): void;
  /** Upgrades refused so far by refuseUpgrades. */
  refusedUpgrades(): number;
  /**
   * A new engine run while every socket stays open (the service outlived its engine): seq starts again at 1 on
   * open sockets, and their clients' cursors now belong to the previous run.
   */
  restartEngineUnderSockets(): void;
  /** Closes every open socket with `code` (e.g. 1008, 4401) and `reason`. */
  closeSockets(code: number, reason?: string): void;
  /** The next start_hand reaches every socket with `seat_id: null` in its first seat (the buffer keeps it so). */
  malformNextStartHandSeat(): void;
}

/** The switches the socket server reads. */
export class LiveFaultSwitches {
  refusal: DemoUpgradeRefusal | null = null;
  refused = 0;
  /** Set by malformNextStartHandSeat: the next start_hand published gets a bad seat. */
  malformNextStartHand = false;
  /** Seqs (with their engine run) of start_hand events sent malformed, so a replay repeats what was sent. */
  private readonly malformed = new Set<string>();

  /** Follows the feed (subscribed before any socket) to pick the start_hand that is sent malformed. */
  watch(feed: {
    subscribe(listener: (frame: { kind: string; seq: number }) => void): () => void;
    readonly engineRun: number;
  }): void {
    feed.subscribe((frame) => {
      if (frame.kind !== 'start_hand' || !this.malformNextStartHand) return;
      this.malformNextStartHand = false;
      this.malformed.add(`${feed.engineRun}:${frame.seq}`);
    });
  }

  /** Refuses the upgrade on `socket` when the fault is on; true when it did. */
  refuse(
    socket: Duplex,
    answer: (status: number, body: Record<string, unknown>, headers?: Record<string, string>) => void,
  ): boolean {
    const refusal = this.refusal;
    if (refusal === null) return false;
    this.refused += 1;
    if (refusal === 'unreachable') {
      socket.destroy();
      return true;
    }
    if (refusal.status === 429) {
      const retryAfterSec = refusal.retryAfterSec ?? 5;
      answer(429, { error: 'rate_limited', retry_after_sec: retryAfterSec }, { 'Retry-After': String(retryAfterSec) });
    } else {
      answer(refusal.status, { error: refusal.status === 403 ? 'forbidden' : 'unavailable' });
    }
    return true;
  }

  /** The frame as this venue sends it: a start_hand chosen for malforming carries `seat_id: null` in its first seat. */
  decorate(frame: Record<string, unknown>, run: number): Record<string, unknown> {
    if (frame.kind !== 'start_hand' || typeof frame.seq !== 'number') return frame;
    if (!this.malformed.has(`${run}:${frame.seq}`)) return frame;
    const payload = frame.payload as Record<string, unknown>;
    const seats = Array.isArray(payload.seats) ? (payload.seats as Record<string, unknown>[]) : [];
    const [first, ...rest] = seats;
    if (first === undefined) return frame;
    return { ...frame, payload: { ...payload, seats: [{ ...first, seat_id: null }, ...rest] } };
  }
}
