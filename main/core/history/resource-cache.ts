/**
 * Cached reads of the historical resources (roster, player, leaderboard, sessions, session): served from the
 * store when fresh, refreshed from the venue when not, and served stale when the venue cannot be reached.
 * "Not yet published" is cached too, so it is shown as such and not asked again in a loop. Concurrent reads of
 * one key share a single request.
 */
import type { z } from 'zod';
import { availableView, emptyView, type CachedView } from './cached-view';
import { HistorySourceError, isNotPublished, type Published } from './source';
import type { CacheEntry, HistoryStore } from './store';

export interface ResourceCacheOptions {
  readonly now: () => number;
  /** Every entry fetched before this instant is due (set when a sync saw a new publication). */
  readonly publishedSince: () => number;
}

/** A read of one resource: its cache key, schema (for the disk copy), freshness window and fetcher. */
export interface ResourceRead<T> {
  readonly key: string;
  readonly schema: z.ZodType<T>;
  readonly ttlMs: number;
  readonly fetch: () => Promise<Published<T>>;
  /** Skip the cache's freshness check (an explicit refresh). */
  readonly force?: boolean;
  /** Serve only what is stored. */
  readonly offlineOnly?: boolean;
}

export class ResourceCache {
  private readonly inFlight = new Map<string, Promise<CachedView<unknown>>>();

  constructor(
    private readonly store: HistoryStore,
    private readonly options: ResourceCacheOptions,
  ) {}

  /** The stored copy (validated) with its age, without asking the venue. */
  peek<T>(key: string, schema: z.ZodType<T>, ttlMs: number): CachedView<T> | null {
    const entry = this.store.cached(key);
    if (entry === undefined) return null;
    const stale = this.isDue(entry.fetchedAt, ttlMs);
    if (entry.notPublished) return { ...emptyView<T>('not_published', entry.fetchedAt, null), stale };
    const parsed = schema.safeParse(entry.data);
    // A stored copy that no longer validates is treated as absent, never shown.
    return parsed.success ? availableView(parsed.data, entry.fetchedAt, stale) : null;
  }

  /** Reads a resource, refreshing it when due. */
  read<T>(request: ResourceRead<T>): Promise<CachedView<T>> {
    const stored = this.peek(request.key, request.schema, request.ttlMs);
    if (request.offlineOnly === true)
      return Promise.resolve(stored ?? emptyView<T>('not_available_offline', null, null));
    if (stored !== null && !stored.stale && request.force !== true) return Promise.resolve(stored);
    const pending = this.inFlight.get(request.key) as Promise<CachedView<T>> | undefined;
    if (pending !== undefined) return pending;
    const refresh = this.refresh(request, stored).finally(() => this.inFlight.delete(request.key));
    this.inFlight.set(request.key, refresh as Promise<CachedView<unknown>>);
    return refresh;
  }

  private async refresh<T>(request: ResourceRead<T>, stored: CachedView<T> | null): Promise<CachedView<T>> {
    let answer: Published<T>;
    try {
      answer = await request.fetch();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (stored !== null) return { ...stored, stale: true, error: message };
      const offline = error instanceof HistorySourceError && error.kind === 'offline';
      return emptyView<T>(offline ? 'not_available_offline' : 'unavailable', null, message);
    }
    const fetchedAt = this.options.now();
    // A cache: a write the disk refuses (full) loses only the copy; the answer is still shown (storage/disk-space).
    const keep = (entry: CacheEntry) => this.store.putCached(request.key, entry).catch(() => undefined);
    if (isNotPublished(answer)) {
      await keep({ data: null, notPublished: true, fetchedAt });
      return emptyView<T>('not_published', fetchedAt, null);
    }
    await keep({ data: answer, notPublished: false, fetchedAt });
    return availableView(answer, fetchedAt, false);
  }

  private isDue(fetchedAt: number, ttlMs: number): boolean {
    return fetchedAt < this.options.publishedSince() || this.options.now() - fetchedAt >= ttlMs;
  }
}
