/** Builds the historical plane and the webhook hub for one venue. */
import { createHistoryPlane } from './history/plane';
import { createWebhookHub } from './webhooks/hub';
import type { VenueHistory, VenueWebhooks } from './integrations';
import type { ResolvedOptions } from './options';
import type { DemoStakes } from './played-hand';
import type { DemoPlayer } from './roster';

export function createPlanes(
  options: ResolvedOptions,
  roster: readonly DemoPlayer[],
  stakes: DemoStakes,
  venueId: string,
  now: () => number,
): { readonly history: VenueHistory; readonly webhooks: VenueWebhooks } {
  const history = createHistoryPlane({
    seed: options.seed,
    historyHands: options.historyHands,
    published: options.published,
    moneyMode: options.moneyMode,
    roster,
    pageSize: options.pageSize,
    cursorWalkCap: options.cursorWalkCap,
    stakes,
    now,
  });
  const webhooks: VenueWebhooks = createWebhookHub({ venueId, allowHttpLoopback: options.allowHttpWebhooks, now });
  return { history, webhooks };
}
