/**
 * The history core the screens read: a durable, indexed copy of the venue's published history, kept current by
 * cursor sync and readable offline. Every query answers from the local copy with its age; resources that expire
 * (roster, leaderboard, sessions) are refreshed from the venue when due and served stale when it is unreachable.
 */
import { createAliasResolver } from './aliases';
import { availableView, emptyView, type CachedView } from './cached-view';
import {
  foldRoster,
  matchesSearch,
  type HandListPage,
  type HandListQuery,
  type LeaderboardPeriod,
  type PlayerList,
  type PlayerProfile,
} from './queries';
import { DetailBackfill, type BackfillProgress, type DetailBackfillOptions } from './detail-backfill';
import { ResourceCache } from './resource-cache';
import {
  leaderboardSchema,
  playerStatsSchema,
  rosterSchema,
  sessionDetailSchema,
  sessionListSchema,
  type HandDetail,
  type Leaderboard,
  type Roster,
  type SessionDetail,
  type SessionEntry,
} from './schemas';
import { HistorySourceError, isNotPublished, type HistorySource } from './source';
import { HistoryStore } from './store';
import { SyncRunner, type SyncOutcome, type SyncProgress, type SyncReason } from './sync-runner';
import { toUnixMs } from './unix-ms';
import { z } from 'zod';

export interface HistoryOptions {
  /** Directory of the durable store (created if absent). */
  readonly dir: string;
  readonly source: HistorySource;
  readonly now?: () => number;
  /** Hands per durable commit during sync. Default 2000. */
  readonly commitBatch?: number;
  /**
   * Roster, profiles and sessions: refreshed when older than this (or older than the last publication). Default 5 min.
   */
  readonly rosterTtlMs?: number;
  /** The spec's leaderboard freshness. Default 30 s. */
  readonly leaderboardTtlMs?: number;
  /** How long a "not yet published" answer stands before the venue is asked again. Default 5 min. */
  readonly notPublishedTtlMs?: number;
  /** The detail backfill after each sync (newest 500 hands, one request a second, by default). */
  readonly backfill?: DetailBackfillOptions;
  /** How many of the newest nights' summaries are read after each sync, so they open offline too. Default 5. */
  readonly warmNights?: number;
}

const ROSTER_KEY = 'players';
const SESSIONS_KEY = 'sessions';
const SYNC_KEY = 'sync';
const syncMarkSchema = z.object({ lastSyncedAt: z.number() });

/** The uids of the `count` nights that started last (a night without a readable start counts as oldest). */
export function newestNights(sessions: readonly SessionEntry[], count: number): string[] {
  const startOf = (entry: SessionEntry): number => toUnixMs(entry.started_at) ?? Number.NEGATIVE_INFINITY;
  return [...sessions]
    .sort((a, b) => startOf(b) - startOf(a))
    .slice(0, Math.max(0, count))
    .map((entry) => entry.session_uid);
}

/** The offline-readable, cursor-synced venue history. */
export class History {
  private readonly now: () => number;
  private readonly cache: ResourceCache;
  private readonly runner: SyncRunner;
  private readonly backfill: DetailBackfill;
  private resolvePlayer: (id: string) => string = (id) => id;
  private aliasesJson = '{}';
  /** Set when a sync stored new hands: everything fetched before it reflects an older publication. */
  private publishedSince = 0;
  private readonly unpublishedDetails = new Map<string, number>();
  private readonly detailsInFlight = new Map<string, Promise<CachedView<HandDetail>>>();
  /** The newest nights' summaries being read after a sync; close() waits for it. */
  private warming: Promise<void> = Promise.resolve();
  private closing = false;

  private constructor(
    private readonly store: HistoryStore,
    private readonly source: HistorySource,
    private readonly options: HistoryOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.cache = new ResourceCache(store, { now: this.now, publishedSince: () => this.publishedSince });
    const mark = store.cached(SYNC_KEY);
    const parsedMark = mark === undefined ? null : syncMarkSchema.safeParse(mark.data);
    this.runner = new SyncRunner(
      store,
      source,
      { commitBatch: options.commitBatch, now: this.now, afterSync: (outcome) => this.afterSync(outcome) },
      parsedMark?.success === true ? parsedMark.data.lastSyncedAt : null,
    );
    this.backfill = new DetailBackfill(
      store,
      (handId) => this.getHandDetail(handId).then((view) => ({ availability: view.availability, error: view.error })),
      options.backfill,
    );
    const roster = this.cache.peek(ROSTER_KEY, rosterSchema, Number.POSITIVE_INFINITY);
    if (roster?.data != null) this.applyAliases(roster.data);
  }

  /** Opens the store in `options.dir` (rebuilding indexes) without touching the network. */
  static async open(options: HistoryOptions): Promise<History> {
    return new History(await HistoryStore.open(options.dir), options.source, options);
  }

  /** Asks for a sync (at start, after a session closes or a live gap, on demand); coalesces with a running one. */
  requestSync(reason: SyncReason): Promise<SyncOutcome> {
    return this.runner.requestSync(reason);
  }

  /** The sync's latest progress. */
  syncProgress(): SyncProgress {
    return this.runner.progress();
  }

  /** Calls `listener` on every sync progress change; returns the unsubscribe. */
  subscribe(listener: (progress: SyncProgress) => void): () => void {
    return this.runner.subscribe(listener);
  }

  /** The detail backfill's latest progress (how far back per-player hand lists are complete). */
  backfillProgress(): BackfillProgress {
    return this.backfill.progress();
  }

  /** Calls `listener` on every backfill progress change; returns the unsubscribe. */
  subscribeBackfill(listener: (progress: BackfillProgress) => void): () => void {
    return this.backfill.subscribe(listener);
  }

  /** The canonical player_id of any (possibly merged) id. */
  canonicalPlayerId(playerId: string): string {
    return this.resolvePlayer(playerId);
  }

  /**
   * Newest-first page of stored hands, optionally of one session or one (canonical) player. O(limit). Filtered by
   * player, it lists every hand whose detail is cached (all players known) plus the hands the player won, and
   * `coverage.fromTs` says from when on the list is complete.
   */
  listHands(query: HandListQuery): CachedView<HandListPage> {
    const { sessionUid, playerId, offset, limit } = query;
    const found = this.store.hands.page({ sessionUid, playerId }, offset, limit);
    const page: HandListPage =
      playerId === undefined ? found : { ...found, coverage: { fromTs: this.store.detailCoverageFromTs() } };
    const progress = this.runner.progress();
    if (this.store.hands.size === 0 && progress.state === 'not_published') {
      return emptyView('not_published', progress.lastSyncedAt, null);
    }
    const stale = progress.lastSyncedAt === null || progress.state === 'failed';
    return availableView(page, progress.lastSyncedAt, stale, progress.error?.message ?? null);
  }

  /** A hand's detail: from the cache (immutable, kept forever) or fetched once; offline without a copy says so. */
  getHandDetail(handId: string): Promise<CachedView<HandDetail>> {
    const cached = this.store.detail(handId);
    if (cached !== undefined) return Promise.resolve(availableView(cached.detail, cached.fetchedAt, false));
    const unpublishedAt = this.unpublishedDetails.get(handId);
    if (unpublishedAt !== undefined && !this.notPublishedDue(unpublishedAt)) {
      return Promise.resolve(emptyView('not_published', unpublishedAt, null));
    }
    let pending = this.detailsInFlight.get(handId);
    if (pending === undefined) {
      pending = this.fetchDetail(handId).finally(() => this.detailsInFlight.delete(handId));
      this.detailsInFlight.set(handId, pending);
    }
    return pending;
  }

  /** The roster (merged profiles folded into their canonical id), optionally filtered by name or slug. */
  async listPlayers(query: { readonly search?: string } = {}): Promise<CachedView<PlayerList>> {
    const { search } = query;
    const view = await this.readRoster(false);
    if (view.data === null) return { ...view, data: null };
    const players = foldRoster(view.data.players, this.resolvePlayer).filter((entry) => matchesSearch(entry, search));
    return { ...view, data: { players, aliases: view.data.aliases ?? {} } };
  }

  /** A player's profile; an old (merged) id resolves to the canonical one. */
  async getPlayer(playerId: string): Promise<CachedView<PlayerProfile>> {
    const canonical = this.resolvePlayer(playerId);
    const view = await this.cache.read({
      key: `player:${canonical}`,
      schema: playerStatsSchema,
      ttlMs: this.options.rosterTtlMs ?? 5 * 60_000,
      fetch: () => this.source.player(canonical),
    });
    if (view.data === null) return { ...view, data: null };
    const storedHands = this.store.hands.page({ playerId: canonical }, 0, 1).total;
    return { ...view, data: { playerId: canonical, requestedId: playerId, stats: view.data, storedHands } };
  }

  /** The leaderboard (all-time, or one `YYYY-MM` month); fresh for 30 s; entries under canonical ids. */
  async getLeaderboard(period?: LeaderboardPeriod): Promise<CachedView<Leaderboard>> {
    const view = await this.cache.read({
      key: `leaderboard:${period ?? 'all'}`,
      schema: leaderboardSchema,
      ttlMs: this.options.leaderboardTtlMs ?? 30_000,
      fetch: () => this.source.leaderboard(period),
    });
    if (view.data === null) return view;
    const players = view.data.players.map((entry) =>
      entry.player_id == null ? entry : { ...entry, player_id: this.resolvePlayer(entry.player_id) },
    );
    return { ...view, data: { ...view.data, players } };
  }

  /** Every published session (night). */
  listSessions(): Promise<CachedView<readonly SessionEntry[]>> {
    return this.readSessions(false);
  }

  /** One night's summary. */
  getSession(sessionUid: string): Promise<CachedView<SessionDetail>> {
    return this.cache.read({
      key: `session:${sessionUid}`,
      schema: sessionDetailSchema,
      ttlMs: this.options.rosterTtlMs ?? 5 * 60_000,
      fetch: () => this.source.session(sessionUid),
    });
  }

  /** Stops any sync, the backfill and the night warm-up at their next request and closes the store. */
  async close(): Promise<void> {
    this.closing = true;
    await this.warming;
    await this.backfill.stop();
    await this.runner.stop();
    await this.store.close();
  }

  private async fetchDetail(handId: string): Promise<CachedView<HandDetail>> {
    let answer;
    try {
      answer = await this.source.hand(handId);
    } catch (error) {
      const offline = error instanceof HistorySourceError && error.kind === 'offline';
      return emptyView(
        offline ? 'not_available_offline' : 'unavailable',
        null,
        error instanceof Error ? error.message : String(error),
      );
    }
    const fetchedAt = this.now();
    if (isNotPublished(answer)) {
      this.unpublishedDetails.set(handId, fetchedAt);
      return emptyView('not_published', fetchedAt, null);
    }
    this.unpublishedDetails.delete(handId);
    // Stored forever (details are immutable); storing also files the hand under every player in it. Its summary
    // fields are the current publication's: a republish (e.g. final_pot_bb 0 -> the pot) updates the stored summary.
    // A cache: a write the disk refuses (full) loses only the copy; the answer is still shown (storage/disk-space).
    await this.store
      .putDetail(handId, answer, fetchedAt)
      .then(() => this.store.refreshSummary(answer.hand))
      .catch(() => undefined);
    return availableView(answer, fetchedAt, false);
  }

  private readRoster(force: boolean): Promise<CachedView<Roster>> {
    return this.cache
      .read({
        key: ROSTER_KEY,
        schema: rosterSchema,
        ttlMs: this.options.rosterTtlMs ?? 5 * 60_000,
        fetch: () => this.source.players(),
        force,
      })
      .then((view) => {
        if (view.data !== null) this.applyAliases(view.data);
        return view;
      });
  }

  private readSessions(force: boolean): Promise<CachedView<readonly SessionEntry[]>> {
    return this.cache.read({
      key: SESSIONS_KEY,
      schema: sessionListSchema,
      ttlMs: this.options.rosterTtlMs ?? 5 * 60_000,
      fetch: () => this.source.sessions(),
      force,
    });
  }

  private applyAliases(roster: Roster): void {
    const aliases = roster.aliases ?? {};
    const json = JSON.stringify(aliases);
    if (json === this.aliasesJson) return;
    this.aliasesJson = json;
    this.resolvePlayer = createAliasResolver(aliases);
    this.store.hands.setPlayerResolver(this.resolvePlayer);
  }

  private notPublishedDue(fetchedAt: number): boolean {
    return fetchedAt < this.publishedSince || this.now() - fetchedAt >= (this.options.notPublishedTtlMs ?? 5 * 60_000);
  }

  /** After a successful run: a new publication refreshes roster (aliases) and sessions, and the sync is stamped. */
  private async afterSync(outcome: SyncOutcome): Promise<void> {
    if (outcome.status !== 'synced') return;
    if (outcome.fetched > 0) this.publishedSince = this.now();
    await this.readRoster(true);
    const sessions = await this.readSessions(true);
    await this.store.putCached(SYNC_KEY, {
      data: { lastSyncedAt: this.now() },
      notPublished: false,
      fetchedAt: this.now(),
    });
    await this.store.maybeCompact();
    this.backfill.start();
    // In the background: the sync is done, these only make the newest nights readable offline.
    const nights = newestNights(sessions.data ?? [], this.options.warmNights ?? 5);
    this.warming = this.warming.then(() => this.warm(nights)).catch(() => undefined);
  }

  /** Reads each night's summary through the cache (a failure comes back as a view, it never throws). */
  private async warm(sessionUids: readonly string[]): Promise<void> {
    for (const sessionUid of sessionUids) {
      if (this.closing) return;
      await this.getSession(sessionUid);
    }
  }
}
