/**
 * What a queued movement waits for, said so the cashier can act: a hand running (it goes when the hand ends), or no
 * live table view (the app cannot tell whether a hand is running, so it waits for the view to come back, and the
 * cashier may cancel it); and the answer to a "Send now" press that did not make it leave.
 */
import type { MovementView } from '../../preload/contract';

/** The state label of a queued movement: why it is held, by what the app can see. */
export function queuedLabel(live: boolean): string {
  return live ? 'queued until the hand ends' : 'queued: no live table view';
}

/** Under a queued movement while the table view is not live; null while it is. */
export function queuedWithoutView(live: boolean): string | null {
  if (live) return null;
  return (
    'The table view is not live, so the app cannot tell whether a hand is running: nothing was sent. It goes once ' +
    'the view is back; press Send now to let the venue decide, or Cancel if the player should not wait.'
  );
}

/** The answer to a Send now press while the movement is still queued; null once it has left the queue. */
export function sendNowAnswer(movement: Pick<MovementView, 'status' | 'detail'>): string | null {
  if (movement.status !== 'queued') return null;
  if (movement.detail.lastError === 'hand_in_progress')
    return 'The hand is still running: the venue did not take it now. It goes when the hand ends.';
  return 'Sending now: waiting for the venue’s answer.';
}
