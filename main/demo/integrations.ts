/**
 * The demo venue's two pluggable planes, as the live side uses them: the historical plane (history/plane.ts) and
 * the webhook hub (webhooks/hub.ts). Their factories are wired in ./planes.ts.
 */
import type { DemoMoneyMode } from './api';
import type { PlayedHand } from './played-hand';
import type { HistoryRoutes, WebhookRoutes } from './server/context';
import type { DemoWebhookKind } from './webhooks/hub';

export interface VenueHistory extends HistoryRoutes {
  publishSession(hands: readonly PlayedHand[]): void;
  republish(): void;
  mergePlayers(oldId: string, canonicalId: string): void;
  setMoneyMode(mode: DemoMoneyMode): void;
  publishedHandIds(): readonly string[];
}

export interface VenueWebhooks extends WebhookRoutes {
  deliver(kind: DemoWebhookKind, payload: Record<string, unknown>): void;
  close(): Promise<void>;
}
