/**
 * Tells from the live plane when the venue's night has ended, so the history (published when a session closes)
 * is synced then. Pure: `(watch, change) -> { watch, trigger }`. Signals:
 * - a live gap (replay `complete: false`): the spec says to reconcile against /hands;
 * - `hand_number` going back at a `start_hand`: the table's sequence restarted, a new night began;
 * - the `session_id` of `transaction_applied` changing: money moved under a new session.
 */
import type { LiveEvent } from '../venue/schemas-live';

/** What the watch reads of a live change (the session's `LiveChange` is one): a gap, an applied event, or neither. */
export type NightInput = { readonly type: 'gap' | 'table' } | { readonly type: 'event'; readonly event: LiveEvent };

/** What the watch remembers between changes. */
export interface NightWatch {
  readonly lastHandNumber: number | null;
  readonly sessionId: string | null;
}

/** Why a sync is due, in the history core's words. */
export type NightTrigger = 'session_closed' | 'live_gap';

export const INITIAL_NIGHT_WATCH: NightWatch = { lastHandNumber: null, sessionId: null };

function sessionIdOf(value: unknown): string | null {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** Reads one live change. */
export function watchNight(watch: NightWatch, change: NightInput): { watch: NightWatch; trigger: NightTrigger | null } {
  if (change.type === 'gap') return { watch, trigger: 'live_gap' };
  if (change.type !== 'event') return { watch, trigger: null };
  const { event } = change;
  if (event.kind === 'start_hand') {
    const handNumber = event.payload.hand_number;
    const restarted = watch.lastHandNumber !== null && handNumber < watch.lastHandNumber;
    return { watch: { ...watch, lastHandNumber: handNumber }, trigger: restarted ? 'session_closed' : null };
  }
  if (event.kind === 'transaction_applied') {
    const sessionId = sessionIdOf(event.payload.session_id);
    if (sessionId === null) return { watch, trigger: null };
    const changed = watch.sessionId !== null && sessionId !== watch.sessionId;
    return { watch: { ...watch, sessionId }, trigger: changed ? 'session_closed' : null };
  }
  return { watch, trigger: null };
}
