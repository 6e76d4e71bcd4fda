/**
 * When to re-read GET /venue. The money mode appears or changes when the venue publishes its stats, which it
 * does when a session (a night) closes; the live plane has no "session closed" event, so the link refreshes:
 * - periodically (2 requests a minute at the default period, well inside the 240/min budget),
 * - when one of our own cash-outs with close_session applies,
 * - when a transaction_applied event names a different session_id than the previous one (a new night began,
 *   so the previous one closed).
 */
import type { CashierSnapshot } from '../cashier';
import type { TransactionApplied } from '../venue/schemas-live';

/** Default period of the background refresh. */
export const FACTS_REFRESH_MS = 60_000;

/** The payload's session id, when it is text or a number (the spec leaves its type open, so the schema does too). */
function sessionIdOf(payload: TransactionApplied): string | null {
  const value = payload.session_id;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
}

export class FactsRefresher {
  private readonly timer: NodeJS.Timeout;
  private readonly closedSessionsSeen = new Set<string>();
  private lastSessionId: string | null = null;

  constructor(
    private readonly refresh: () => void,
    periodMs = FACTS_REFRESH_MS,
  ) {
    this.timer = setInterval(() => this.refresh(), periodMs);
    this.timer.unref();
  }

  /** A transaction_applied payload arrived, as the live feed parsed it (schemas-live.ts); only session_id is read. */
  noteTransaction(payload: TransactionApplied): void {
    const sessionId = sessionIdOf(payload);
    if (sessionId === null) return;
    const changed = this.lastSessionId !== null && this.lastSessionId !== sessionId;
    this.lastSessionId = sessionId;
    if (changed) this.refresh();
  }

  /** The cashier changed: a close-session cash-out that applied closes the night (one refresh per change). */
  noteCashier(snapshot: CashierSnapshot): void {
    let closed = false;
    for (const movement of snapshot.movements) {
      if (!movement.closeSession || movement.state !== 'applied' || this.closedSessionsSeen.has(movement.key)) continue;
      this.closedSessionsSeen.add(movement.key);
      closed = true;
    }
    if (closed) this.refresh();
  }

  close(): void {
    clearInterval(this.timer);
  }
}
