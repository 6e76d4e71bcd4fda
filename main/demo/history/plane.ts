/**
 * The demo venue's historical plane: players, leaderboard, sessions and hands, served from the published stats
 * bundle. The bundle starts with a synthetic past (`historyHands` hands over past months) and grows by one night at
 * every publishSession. Before the first publish every route answers 404 not_found, as the spec says.
 */
import type { DemoMoneyMode } from '../api';
import type { DemoStakes, PlayedHand } from '../played-hand';
import type { DemoPlayer } from '../roster';
import { PublishedBundle } from './bundle';
import { handRoute, handsRoute } from './hands-route';
import { leaderboardRoute, playerRoute, playersRoute, sessionRoute, sessionsRoute } from './people-routes';
import { refuse, type PlaneAnswer } from './query';
import { generateHistory } from './synthetic';

export interface HistoryPlane {
  /**
   * Answers a GET on the historical plane (/players, /players/{id}, /leaderboard, /sessions, /sessions/{uid}, /hands,
   * /hands/{id}); path relative to /v1 (e.g. "/hands"); null when not one of its routes. Auth/CORS/rate limits are the
   * server's job.
   */
  handle(path: string, query: URLSearchParams): PlaneAnswer | null;
  /** Closing a night: publishes these finished hands (as a new session) on top of the published bundle. */
  publishSession(hands: readonly PlayedHand[]): void;
  /** Publishes the same bundle again (pages renumber; hand ids and cursors stay valid). */
  republish(): void;
  mergePlayers(oldId: string, canonicalId: string): void;
  setMoneyMode(mode: DemoMoneyMode): void;
  /** money_mode for /venue: undefined until the venue has published. */
  publishedMoneyMode(): DemoMoneyMode | undefined;
  publishedHandIds(): readonly string[];
}

export interface HistoryPlaneOptions {
  readonly seed: number;
  readonly historyHands: number;
  readonly published: boolean;
  readonly moneyMode: DemoMoneyMode;
  readonly roster: readonly DemoPlayer[];
  readonly pageSize: number;
  readonly cursorWalkCap: number;
  readonly stakes: DemoStakes;
  /** Unix milliseconds. */
  readonly now: () => number;
}

const ROUTES = new Set(['players', 'leaderboard', 'sessions', 'hands']);

/** Splits "/hands/abc" into ["hands", "abc"]; undefined when the path is not one of the plane's routes. */
function routeOf(path: string): { resource: string; id: string | undefined } | undefined {
  const parts = path.split('/').filter((part) => part !== '');
  const resource = parts[0];
  if (resource === undefined || !ROUTES.has(resource) || parts.length > 2) return undefined;
  if (resource === 'leaderboard' && parts.length > 1) return undefined;
  const rawId = parts[1];
  if (rawId === undefined) return { resource, id: undefined };
  try {
    return { resource, id: decodeURIComponent(rawId) };
  } catch {
    // A malformed escape cannot name anything published.
    return { resource, id: '' };
  }
}

export function createHistoryPlane(options: HistoryPlaneOptions): HistoryPlane {
  for (const [name, value] of [
    ['pageSize', options.pageSize],
    ['cursorWalkCap', options.cursorWalkCap],
  ] as const) {
    if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be an integer >= 1, got ${value}`);
  }
  if (!Number.isInteger(options.historyHands) || options.historyHands < 0) {
    throw new Error(`historyHands must be an integer >= 0, got ${options.historyHands}`);
  }
  const bundle = new PublishedBundle(options.roster);
  generateHistory(
    {
      seed: options.seed,
      hands: options.historyHands,
      roster: options.roster,
      stakes: options.stakes,
      now: options.now(),
    },
    (spec, log) => bundle.addSynthetic(spec, log),
  );
  bundle.sortAll();
  let published = options.published;
  let generation = published ? 1 : 0;
  let mode = options.moneyMode;

  const route = (resource: string, id: string | undefined, query: URLSearchParams): PlaneAnswer => {
    if (resource === 'players') return id === undefined ? playersRoute(bundle) : playerRoute(bundle, id, mode);
    if (resource === 'leaderboard') return leaderboardRoute(bundle, query, mode);
    if (resource === 'sessions') return id === undefined ? sessionsRoute(bundle) : sessionRoute(bundle, id, mode);
    if (id !== undefined) return handRoute(bundle, id, mode);
    return handsRoute(bundle, query, {
      pageSize: options.pageSize,
      cursorWalkCap: options.cursorWalkCap,
      generation,
      mode,
    });
  };

  return {
    handle(path, query) {
      const target = routeOf(path);
      if (target === undefined) return null;
      if (!published) return refuse(404, 'not_found', 'the venue has not published its stats yet');
      return route(target.resource, target.id, query);
    },
    publishSession(hands) {
      for (const hand of hands) bundle.addPlayed(hand);
      bundle.sortAll();
      published = true;
      generation += 1;
    },
    republish() {
      // Republishing is how a venue's updated software rewrites its older hands (final_pot_bb 0 becomes the pot).
      bundle.fixLegacyPots();
      published = true;
      generation += 1;
    },
    mergePlayers(oldId, canonicalId) {
      bundle.merge(oldId, canonicalId);
    },
    setMoneyMode(next) {
      mode = next;
    },
    publishedMoneyMode() {
      return published ? mode : undefined;
    },
    publishedHandIds() {
      return published ? bundle.handIds() : [];
    },
  };
}
