/** GET / : the public discovery document (venue and live only with a valid key). */
import type { VenueContext } from './context';

export const API_UPDATED = '2026-09-26';

const ENDPOINTS = [
  'GET /',
  'GET /key',
  'GET /venue',
  'GET /live/state',
  'GET /players',
  'GET /players/{playerId}',
  'GET /leaderboard',
  'GET /sessions',
  'GET /sessions/{sessionUid}',
  'GET /hands',
  'GET /hands/{handId}',
  'POST /transactions/{action}',
  'GET /webhooks',
  'POST /webhooks',
  'DELETE /webhooks/{webhookId}',
  'WS /live/events',
];

export const WEBHOOK_KINDS = ['hand.finished', 'payout.applied', 'transaction.applied'] as const;

export function discoveryDocument(context: VenueContext, withKey: boolean): Record<string, unknown> {
  const document: Record<string, unknown> = {
    name: 'Venue Poker Table API (demo venue)',
    version: 1,
    endpoints: ENDPOINTS,
    updated: context.apiUpdated(),
    changelog: 'https://developers.venue-api.example/v1/changelog',
    webhook_kinds: [...WEBHOOK_KINDS],
    planes: {
      live: { paths: ['/live/state', '/live/events'], cursor: 'since_seq' },
      historical: { paths: ['/players', '/leaderboard', '/sessions', '/hands'], cursors: ['since', 'after_id'] },
    },
  };
  if (withKey) {
    document.venue = context.venueId;
    document.live = context.live();
  }
  return document;
}
