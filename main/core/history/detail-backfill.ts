/**
 * Bounded background fetching of hand details, so "a player's recent hands" is complete for the newest hands and
 * not only for the ones a player won (a summary names only winners; a detail names every player). After a sync,
 * the newest `hands` stored hands without a cached detail are fetched one at a time, `intervalMs` apart, through
 * the same source (and so the same request budget) as everything else. Details are immutable, so each is fetched
 * once and kept forever. A failure (offline, rate limited, key withdrawn) ends the run; the next sync starts another.
 */
import type { Availability } from './cached-view';
import type { HistoryStore } from './store';

export interface DetailBackfillOptions {
  /** How many of the newest hands get their detail. Default 500; 0 turns the backfill off. */
  readonly hands?: number;
  /** Pause before each request, so the backfill stays a gentle share of the budget. Default 1000 ms. */
  readonly intervalMs?: number;
}

/** The backfill as the UI shows it. */
export interface BackfillProgress {
  readonly state: 'idle' | 'running' | 'done' | 'failed';
  /** Hands in the window (the newest `hands` stored hands). */
  readonly window: number;
  /** Hands of the window whose detail is cached. */
  readonly covered: number;
  /** Details fetched by the current (or last) run. */
  readonly fetched: number;
  /** Every stored hand at or after this ts has its detail cached (null: not even the newest). */
  readonly coverageFromTs: number | null;
  readonly error: string | null;
}

/** Loads one detail (from cache or venue) and says what came of it. */
export type DetailLoader = (
  handId: string,
) => Promise<{ readonly availability: Availability; readonly error: string | null }>;

/** Runs one backfill at a time; a request during a run queues one more run after it. */
export class DetailBackfill {
  private readonly windowSize: number;
  private readonly intervalMs: number;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private wake: (() => void) | null = null;
  private current: BackfillProgress;
  private readonly listeners = new Set<(progress: BackfillProgress) => void>();

  constructor(
    private readonly store: HistoryStore,
    private readonly load: DetailLoader,
    options: DetailBackfillOptions = {},
  ) {
    this.windowSize = Math.max(0, options.hands ?? 500);
    this.intervalMs = Math.max(0, options.intervalMs ?? 1000);
    this.current = { state: 'idle', window: 0, covered: 0, fetched: 0, coverageFromTs: null, error: null };
    this.current = this.measure({});
  }

  /** The latest progress. */
  progress(): BackfillProgress {
    return this.current;
  }

  /** Calls `listener` on every progress change; returns the unsubscribe. */
  subscribe(listener: (progress: BackfillProgress) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Starts a run (or queues one after the current run). */
  start(): void {
    if (this.stopped || this.windowSize === 0) return;
    if (this.running !== null) {
      this.again = true;
      return;
    }
    // Background work: whatever fails ends this run (shown as failed), never the process.
    this.running = this.loop()
      .catch((error: unknown) => {
        this.publish({ state: 'failed', error: error instanceof Error ? error.message : String(error) });
      })
      .finally(() => {
        this.running = null;
      });
  }

  /** Stops at the next request boundary and waits for the run to end. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.running;
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      await this.runOnce();
    } while (this.again && !this.stopped);
  }

  private async runOnce(): Promise<void> {
    let fetched = 0;
    this.publish({ state: 'running', fetched, error: null });
    for (const handId of this.missing()) {
      await this.pause();
      if (this.stopped) return;
      // A screen may have opened it meanwhile.
      if (this.store.detail(handId) !== undefined) continue;
      const result = await this.load(handId);
      // Fetched but not kept (the disk refused the write): fetching on would spend the budget for nothing.
      if (result.availability === 'available' && this.store.detail(handId) === undefined) {
        this.publish({ state: 'failed', fetched, error: 'the details could not be saved on this PC' });
        return;
      }
      if (result.availability === 'available') fetched += 1;
      else if (result.availability !== 'not_published') {
        this.publish({ state: 'failed', fetched, error: result.error ?? result.availability });
        return;
      }
      this.publish({ fetched });
    }
    this.publish({ state: 'done', fetched });
  }

  /** The window's hands without a cached detail, newest first (a snapshot: the run works through it). */
  private missing(): string[] {
    const ids: string[] = [];
    let seen = 0;
    for (const hand of this.store.hands.newestFirstIterator()) {
      if (seen >= this.windowSize) break;
      seen += 1;
      if (this.store.detail(hand.id) === undefined) ids.push(hand.id);
    }
    return ids;
  }

  private pause(): Promise<void> {
    if (this.intervalMs === 0 || this.stopped) return Promise.resolve();
    return new Promise<void>((resolve) => {
      // Unref'd: background work never keeps the process alive on its own.
      const timer = setTimeout(done, this.intervalMs).unref();
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    }).finally(() => {
      this.wake = null;
    });
  }

  private measure(change: Partial<BackfillProgress>): BackfillProgress {
    let window = 0;
    let covered = 0;
    for (const hand of this.store.hands.newestFirstIterator()) {
      if (window >= this.windowSize) break;
      window += 1;
      if (this.store.detail(hand.id) !== undefined) covered += 1;
    }
    return { ...this.current, ...change, window, covered, coverageFromTs: this.store.detailCoverageFromTs() };
  }

  private publish(change: Partial<BackfillProgress>): void {
    this.current = this.measure(change);
    for (const listener of this.listeners) listener(this.current);
  }
}
