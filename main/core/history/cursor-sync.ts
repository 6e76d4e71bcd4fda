/**
 * One sync run of the hand history, by the spec's cursor rules:
 * - the stored cursor is sent (`after_id`, and `since` alongside; after_id wins) and the returned `cursor` stored;
 *   a cursor is never inferred from the array, and a null cursor keeps the one sent;
 * - every batch is committed with the cursor that covers it, in one durable record, so a crash at any point
 *   neither loses nor duplicates a hand;
 * - `complete: false` falls back to newest-first `?page=` browsing down to hands already covered (pages renumber
 *   while we walk, so everything is deduplicated by hand_id), then re-cursors from the newest hand.
 * Requests are strictly sequential: the request budget belongs to the venue client.
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { HandCursor, HandSummary } from './schemas';
import {
  HistorySourceError,
  isNotPublished,
  type HandsCursorQuery,
  type HistorySource,
  type Published,
} from './source';
import type { HistoryStore } from './store';

/** Live counters of a run, reported after every request and commit. */
export interface SyncCounters {
  readonly phase: 'index' | 'cursor' | 'pages';
  /** New hands stored by this run. */
  readonly fetched: number;
  /** Hands stored in all. */
  readonly stored: number;
  /** Hands the venue has published (the index `count`), when known. */
  readonly total: number | null;
  readonly requests: number;
}

/** How a run ended. */
export type SyncRunResult =
  | { readonly status: 'synced'; readonly fetched: number; readonly requests: number; readonly usedPages: boolean }
  | { readonly status: 'not_published'; readonly requests: number };

export interface CursorSyncOptions {
  /** Hands per durable commit; the event loop gets a turn between commits. Default 2000. */
  readonly commitBatch?: number;
  /** Longest wait honoured for a 429's retry_after before giving up the run. Default 60 s. */
  readonly maxRetryAfterMs?: number;
  /** Checked between requests; a closed history stops its sync there. */
  readonly isCancelled?: () => boolean;
  readonly onProgress?: (counters: SyncCounters) => void;
}

/** Cap on cursor requests per run: each one moves the cursor forward, so this only stops a misbehaving venue. */
const MAX_CURSOR_REQUESTS = 100_000;
const RATE_LIMIT_RETRIES = 3;

/** Which query the next cursor request sends: the anchor hand, its time alone, or (after both were refused) pages. */
type CursorFallback = 'none' | 'since' | 'pages';

/**
 * The cursor query for the stored cursor. No cursor yet: `since=0` asks for every hand, oldest first. With the
 * anchor refused, `since` alone starts one second before the anchor's time: `since` is exclusive on ts, so hands
 * that share the anchor's second are fetched again (deduplicated by hand_id) rather than missed.
 */
function cursorQuery(sent: HandCursor | null, fallback: CursorFallback): HandsCursorQuery {
  if (sent === null) return { since: 0 };
  if (fallback === 'since') return { since: Math.max(0, sent.ts - 1) };
  return { since: sent.ts, afterId: sent.hand_id };
}

/** Thrown when a run is cancelled (the history was closed). */
export class SyncCancelledError extends Error {
  constructor() {
    super('history sync cancelled');
    this.name = 'SyncCancelledError';
  }
}

/** Runs one sync of `store` against `source`. Throws HistorySourceError when the venue cannot be read. */
export async function runCursorSync(
  store: HistoryStore,
  source: HistorySource,
  options: CursorSyncOptions = {},
): Promise<SyncRunResult> {
  return new CursorSync(store, source, options).run();
}

class CursorSync {
  private phase: SyncCounters['phase'] = 'index';
  private fetched = 0;
  private requests = 0;
  private total: number | null = null;
  private readonly commitBatch: number;

  constructor(
    private readonly store: HistoryStore,
    private readonly source: HistorySource,
    private readonly options: CursorSyncOptions,
  ) {
    this.commitBatch = Math.max(1, options.commitBatch ?? 2000);
  }

  async run(): Promise<SyncRunResult> {
    const index = await this.request(() => this.source.handsIndex());
    if (isNotPublished(index)) return { status: 'not_published', requests: this.requests };
    this.total = index.count;
    this.phase = 'cursor';
    this.report();
    let usedPages = false;
    // How far the venue's refusal of our anchor (400 bad_after_id / bad_since) has pushed us: never to the oldest hand.
    let fallback: CursorFallback = 'none';
    for (let step = 0; step < MAX_CURSOR_REQUESTS; step += 1) {
      const sent = this.store.cursor;
      let answer;
      try {
        answer = await this.request(() => this.source.handsCursor(cursorQuery(sent, fallback)));
      } catch (error) {
        if (
          !(error instanceof HistorySourceError) ||
          error.kind !== 'bad_cursor' ||
          sent === null ||
          fallback === 'pages'
        )
          throw error;
        if (fallback === 'none') {
          // The venue no longer knows the anchor hand: ask by its time alone (re-walking every hand is the cost
          // the cursor exists to avoid).
          fallback = 'since';
          continue;
        }
        // Even the time was refused: the spec's own fallback, newest-first pages down to the stored cursor's time,
        // then re-cursor from the newest hand.
        fallback = 'pages';
        usedPages = true;
        const newest = await this.walkPagesDownTo(sent, 0);
        if (newest === null) break;
        await this.store.commitHands([], newest);
        this.phase = 'cursor';
        continue;
      }
      fallback = 'none';
      if (isNotPublished(answer)) return { status: 'not_published', requests: this.requests };
      if (!answer.complete) {
        usedPages = true;
        // The newest `cap` matching hands came back; older ones were left out. Keep these (deduplicated), fill the
        // gap from pages, then re-cursor from the newest hand: the cursor this answer returned.
        await this.commitInBatches(answer.hands, undefined);
        const pageNewest = await this.walkPagesDownTo(sent, answer.hands.length);
        const newest = answer.cursor ?? pageNewest;
        if (newest === null) break;
        await this.store.commitHands([], newest);
        this.phase = 'cursor';
        continue;
      }
      // Rule 4: a null cursor means nothing new; keep the cursor we sent (undefined = unchanged).
      await this.commitInBatches(answer.hands, answer.cursor ?? undefined);
      // A cursor that did not move would only repeat this answer: stop rather than spin.
      const stuck =
        sent !== null &&
        answer.cursor !== null &&
        answer.cursor.hand_id === sent.hand_id &&
        answer.cursor.ts === sent.ts;
      if (answer.cursor === null || answer.hands.length === 0 || stuck) break;
    }
    return { status: 'synced', fetched: this.fetched, requests: this.requests, usedPages };
  }

  /**
   * Walks newest-first pages until one holds the anchor hand or anything older than it (all of which the stored
   * cursor already covers), storing every unseen hand. The first `newestHeld` hands (the ones the capped walk
   * returned) need no pages: a publish meanwhile only pushes older hands further down, never up past them.
   * Returns the newest hand seen on page 1, when page 1 was read.
   */
  private async walkPagesDownTo(anchor: HandCursor | null, newestHeld: number): Promise<HandCursor | null> {
    this.phase = 'pages';
    this.report();
    let newest: HandCursor | null = null;
    const layout = await this.pageLayout();
    const pageSize = layout.pageSize;
    let lastPage = layout.pages;
    const firstPage = pageSize > 0 ? Math.floor(newestHeld / pageSize) + 1 : 1;
    for (let page = firstPage; page <= lastPage; page += 1) {
      const answer = await this.request(() => this.source.handsPage(page));
      if (isNotPublished(answer) || answer.hands.length === 0) break;
      const first = answer.hands[0];
      if (page === 1 && first !== undefined) newest = { ts: first.ts, hand_id: first.hand_id };
      await this.commitInBatches(answer.hands, undefined);
      const reachedAnchor =
        anchor !== null && answer.hands.some((hand) => hand.hand_id === anchor.hand_id || hand.ts < anchor.ts);
      if (reachedAnchor) break;
      // A publish during the walk shifts hands onto later pages: look again before concluding we are at the end.
      if (page === lastPage) lastPage = (await this.pageLayout()).pages;
    }
    return newest;
  }

  private async pageLayout(): Promise<{ pages: number; pageSize: number }> {
    const index = await this.request(() => this.source.handsIndex());
    if (isNotPublished(index)) return { pages: 0, pageSize: 0 };
    this.total = index.count;
    return { pages: index.pages, pageSize: index.page_size };
  }

  /** Commits hands in durable batches; only the last batch carries the new cursor (earlier ones keep the old). */
  private async commitInBatches(hands: readonly HandSummary[], cursor: HandCursor | undefined): Promise<void> {
    let start = 0;
    do {
      const batch = hands.slice(start, start + this.commitBatch);
      const last = start + this.commitBatch >= hands.length;
      this.fetched += await this.store.commitHands(batch, last ? cursor : undefined);
      start += this.commitBatch;
      this.report();
      await yieldToEventLoop();
    } while (start < hands.length);
  }

  /** One request, honouring a short 429 retry_after a few times; everything else propagates. */
  private async request<T>(read: () => Promise<Published<T>>): Promise<Published<T>> {
    for (let attempt = 0; ; attempt += 1) {
      if (this.options.isCancelled?.() === true) throw new SyncCancelledError();
      this.requests += 1;
      try {
        const answer = await read();
        this.report();
        return answer;
      } catch (error) {
        // Only a venue-stated wait is honoured here; a source that already waited (the venue client) reports none.
        const wait = error instanceof HistorySourceError && error.kind === 'rate_limited' ? error.retryAfterMs : null;
        if (wait === null || attempt >= RATE_LIMIT_RETRIES || wait > (this.options.maxRetryAfterMs ?? 60_000))
          throw error;
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }

  private report(): void {
    this.options.onProgress?.({
      phase: this.phase,
      fetched: this.fetched,
      stored: this.store.hands.size,
      total: this.total,
      requests: this.requests,
    });
  }
}
