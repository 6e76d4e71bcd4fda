/**
 * Triggers and observation for the history sync: at start, after a session closes or a live gap, and on demand.
 * Single-flight: a trigger during a run coalesces into one follow-up run (new hands may have been published after
 * the running walk passed), and every caller waiting on it gets the same outcome. Progress is pushed to subscribers.
 */
import { runCursorSync, SyncCancelledError, type CursorSyncOptions, type SyncCounters } from './cursor-sync';
import { HistorySourceError, type HistorySource } from './source';
import type { HistoryStore } from './store';

/** Why a sync was asked for. */
export type SyncReason = 'start' | 'session_closed' | 'live_gap' | 'on_demand';

/** The sync as the UI shows it. */
export interface SyncProgress {
  readonly state: 'idle' | 'syncing' | 'synced' | 'not_published' | 'failed';
  readonly reason: SyncReason | null;
  readonly phase: SyncCounters['phase'] | null;
  /** New hands stored by the current (or last) run. */
  readonly fetched: number;
  readonly stored: number;
  /** Published hands in all (the index `count`), when known. */
  readonly total: number | null;
  /** Hands still to fetch, when the total is known. */
  readonly remaining: number | null;
  readonly requests: number;
  /** Unix ms when the last run ended successfully. */
  readonly lastSyncedAt: number | null;
  readonly error: { readonly kind: string; readonly message: string } | null;
}

/** How one requested sync ended. */
export type SyncOutcome =
  | { readonly status: 'synced'; readonly fetched: number; readonly requests: number; readonly usedPages: boolean }
  | { readonly status: 'not_published'; readonly requests: number }
  | { readonly status: 'failed'; readonly error: { readonly kind: string; readonly message: string } };

export interface SyncRunnerOptions extends Pick<CursorSyncOptions, 'commitBatch' | 'maxRetryAfterMs'> {
  readonly now?: () => number;
  /** Runs after every successful run (refreshing roster and sessions), before waiters are released. */
  readonly afterSync?: (outcome: SyncOutcome) => Promise<void>;
}

/** Single-flight sync with observable progress. */
export class SyncRunner {
  private running: Promise<SyncOutcome> | null = null;
  private followUp: Promise<SyncOutcome> | null = null;
  private cancelled = false;
  private readonly listeners = new Set<(progress: SyncProgress) => void>();
  private current: SyncProgress;

  constructor(
    private readonly store: HistoryStore,
    private readonly source: HistorySource,
    private readonly options: SyncRunnerOptions = {},
    lastSyncedAt: number | null = null,
  ) {
    this.current = {
      state: 'idle',
      reason: null,
      phase: null,
      fetched: 0,
      stored: store.hands.size,
      total: null,
      remaining: null,
      requests: 0,
      lastSyncedAt,
      error: null,
    };
  }

  /** The latest progress. */
  progress(): SyncProgress {
    return this.current;
  }

  /** Calls `listener` on every progress change; returns the unsubscribe. */
  subscribe(listener: (progress: SyncProgress) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Starts a sync, or coalesces into the one follow-up run after the current one. Never rejects. */
  requestSync(reason: SyncReason): Promise<SyncOutcome> {
    if (this.running === null) return this.start(reason);
    this.followUp ??= this.running.then(() => {
      this.followUp = null;
      return this.start(reason);
    });
    return this.followUp;
  }

  /** Stops at the next request boundary and waits for the run to end. */
  async stop(): Promise<void> {
    this.cancelled = true;
    await this.followUp;
    await this.running;
  }

  private start(reason: SyncReason): Promise<SyncOutcome> {
    const run = this.execute(reason).finally(() => {
      if (this.running === run) this.running = null;
    });
    this.running = run;
    return run;
  }

  private async execute(reason: SyncReason): Promise<SyncOutcome> {
    if (this.cancelled) return { status: 'failed', error: { kind: 'cancelled', message: 'history is closed' } };
    this.publish({ state: 'syncing', reason, phase: 'index', fetched: 0, requests: 0, error: null });
    let outcome: SyncOutcome;
    try {
      outcome = await runCursorSync(this.store, this.source, {
        ...this.options,
        isCancelled: () => this.cancelled,
        onProgress: (counters) => this.publish({ ...counters }),
      });
    } catch (error) {
      outcome = { status: 'failed', error: describe(error) };
    }
    if (outcome.status !== 'failed') {
      try {
        await this.options.afterSync?.(outcome);
      } catch (error) {
        outcome = { status: 'failed', error: describe(error) };
      }
    }
    const now = (this.options.now ?? Date.now)();
    if (outcome.status === 'failed') this.publish({ state: 'failed', phase: null, error: outcome.error });
    else this.publish({ state: outcome.status, phase: null, lastSyncedAt: now, error: null });
    return outcome;
  }

  private publish(change: Partial<SyncProgress>): void {
    const next = { ...this.current, ...change, stored: this.store.hands.size };
    const remaining = next.total === null ? null : Math.max(0, next.total - next.stored);
    this.current = { ...next, remaining };
    for (const listener of this.listeners) listener(this.current);
  }
}

function describe(error: unknown): { kind: string; message: string } {
  if (error instanceof HistorySourceError) return { kind: error.kind, message: error.message };
  if (error instanceof SyncCancelledError) return { kind: 'cancelled', message: error.message };
  return { kind: 'storage', message: error instanceof Error ? error.message : String(error) };
}
