/**
 * What a page shows once it has lost the app's core (zod-free: the renderer's web bridge imports it). The table stays
 * as last sent but is marked (the badge says the app is not running, the table greys as stale), and the cashier is
 * not ready, so every money control is disabled: with no core nothing could be journaled or sent. The page decides
 * nothing here beyond refusing to act on a picture nobody keeps up to date.
 */
import type { SessionSnapshot } from './snapshot';

export const CORE_LOST_REASON = 'the app has stopped; start it again (npm run web) and open the new link it prints';

/**
 * `last` as it stands once the core is gone (at `since`, Unix ms). Under an epoch of its own, so the page's store
 * takes it over `last` (same version), and takes the core's next snapshot over it when the core answers again.
 */
export function coreLostSnapshot(last: SessionSnapshot, since: number): SessionSnapshot {
  return {
    ...last,
    epoch: `${last.epoch}~lost`,
    connection: { kind: 'app-not-running', since },
    cashier: { ...last.cashier, ready: false, notReadyReason: CORE_LOST_REASON },
  };
}
