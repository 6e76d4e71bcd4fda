/**
 * The history store: an append-only framed log on disk (main/core/storage) plus the indexes and caches rebuilt
 * from it on open. Writes go to disk first (durable) and only then into memory, so memory never claims more than a
 * crash would leave behind.
 */
import { join } from 'node:path';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { FramedLog } from '../storage/framed-log';
import { ensurePrivateDir } from '../storage/private-dir';
import { FRAME_OVERHEAD_BYTES } from '../storage/framed-record';
import { detailPlayerIds } from './hand-players';
import { HandIndex } from './hand-index';
import { decodeRecord, encodeHandsRecord, encodeRecord, rowWithText, type LogRecord } from './records';
import type { HandCursor, HandDetail, HandSummary } from './schemas';
import type { IndexedHand } from './stored-hand';
import { summaryFieldsChanged } from './summary-merge';
import { TimeSlicer } from './time-slice';

/** What the log held when it was opened. */
export interface LogOpenReport {
  readonly records: number;
  /** Bytes of an unfinished last write, dropped. */
  readonly tornTailBytes: number;
  /** Damaged regions in the middle of the file (skipped; records there are lost). */
  readonly damagedRegions: number;
  readonly damagedBytes: number;
}

/** A cached resource as stored: its data (unvalidated JSON until the reader parses it) or "not yet published". */
export interface CacheEntry {
  readonly data: unknown;
  readonly notPublished: boolean;
  readonly fetchedAt: number;
}

/** A cached hand detail. */
export interface DetailEntry {
  readonly detail: HandDetail;
  readonly fetchedAt: number;
}

/** What opening found, for diagnostics and tests. */
export interface StoreOpenReport extends LogOpenReport {
  /** Records whose checksum held but whose content was not a valid record. */
  readonly invalidRecords: number;
  /** Damage was found, so the cursor was reset and the next sync re-walks the whole history (deduplicating). */
  readonly cursorReset: boolean;
}

const LOG_FILE = 'history.log';
/** Hands per record when compacting. */
const COMPACT_BATCH = 1000;
/** Longest stretch of record decoding between yields to the event loop while opening. */
const OPEN_SLICE_MS = 8;
/** Longest stretch of a commit's preparation (dedup, serialization) between yields to the event loop. */
const COMMIT_SLICE_MS = 8;
/** Hands handled between checks of a commit's time slice. */
const COMMIT_CHECK_EVERY = 128;
/** Hands indexed between checks of the open's time slice. */
const OPEN_INDEX_SLICE = 1000;

/** The durable, indexed history. */
export class HistoryStore {
  readonly hands = new HandIndex();
  private cursorValue: HandCursor | null = null;
  private readonly details = new Map<string, DetailEntry>();
  private readonly caches = new Map<string, CacheEntry>();
  /** Size of each cache key's latest record, counted as dead once superseded. */
  private readonly cacheBytes = new Map<string, number>();
  /** Bytes in the log that compaction would drop (superseded cache entries, damage). */
  private deadBytes = 0;
  private log: FramedLog | null = null;
  /** Bumped on every applied record; the coverage answer is cached per version. */
  private version = 0;
  private coverageCache: { readonly version: number; readonly fromTs: number | null } | undefined;
  private report: StoreOpenReport | null = null;

  private constructor() {}

  /** Opens (or creates) the store in `dir`. Never throws on damaged content: damage is skipped and reported. */
  static async open(dir: string): Promise<HistoryStore> {
    await ensurePrivateDir(dir);
    const store = new HistoryStore();
    let invalidRecords = 0;
    let sliceStart = performance.now();
    const { log, scan } = await FramedLog.open(join(dir, LOG_FILE), {
      onRecord: async (payload) => {
        // Time-sliced (checksums, parsing, indexing) so rebuilding 100,000 hands never holds the event loop long.
        const turn = async (): Promise<void> => {
          if (performance.now() - sliceStart < OPEN_SLICE_MS) return;
          await yieldToEventLoop();
          sliceStart = performance.now();
        };
        const record = decodeRecord(payload);
        await turn();
        if (record === null) {
          invalidRecords += 1;
          store.deadBytes += payload.length + FRAME_OVERHEAD_BYTES;
          return;
        }
        if (record.k !== 'hands') {
          store.apply(record, payload.length + FRAME_OVERHEAD_BYTES);
          return;
        }
        // A batch of thousands of hands is indexed a slice at a time; the cursor lands with the last slice.
        for (let start = 0; start < record.rows.length || start === 0; start += OPEN_INDEX_SLICE) {
          const rows = record.rows.slice(start, start + OPEN_INDEX_SLICE);
          const last = start + OPEN_INDEX_SLICE >= record.rows.length;
          store.apply(
            last && record.cursor !== undefined ? { k: 'hands', rows, cursor: record.cursor } : { k: 'hands', rows },
            0,
          );
          await turn();
        }
      },
    });
    store.log = log;
    const damaged = scan.damagedRegions > 0 || invalidRecords > 0;
    store.deadBytes += scan.damagedBytes;
    store.report = {
      records: scan.records.length,
      tornTailBytes: scan.tailBytes,
      damagedRegions: scan.damagedRegions,
      damagedBytes: scan.damagedBytes,
      invalidRecords,
      cursorReset: damaged,
    };
    if (damaged) {
      // A lost record may have held hands that a later cursor already covers: only a full re-walk is safe.
      store.cursorValue = null;
      await store.compact();
    }
    return store;
  }

  /** What the last open found. */
  get openReport(): StoreOpenReport {
    if (this.report === null) throw new Error('history store is not open');
    return this.report;
  }

  /** The stored historical cursor (null: sync from the oldest hand). */
  get cursor(): HandCursor | null {
    return this.cursorValue;
  }

  /**
   * Durably stores the hands not yet stored, and the new version of any stored hand the venue has republished
   * with different content (last write wins, keyed on hand_id), together with the cursor (one record, one
   * fdatasync), then indexes them. `cursor` undefined keeps the stored cursor. Returns how many hands were new.
   */
  async commitHands(batch: readonly HandSummary[], cursor?: HandCursor | null): Promise<number> {
    const slicer = new TimeSlicer(COMMIT_SLICE_MS);
    const seen = new Set<string>();
    const changed: HandSummary[] = [];
    let fresh = 0;
    for (let at = 0; at < batch.length; at += 1) {
      const hand = batch[at] as HandSummary;
      if (at % COMMIT_CHECK_EVERY === 0) await slicer.turn();
      if (seen.has(hand.hand_id)) continue;
      seen.add(hand.hand_id);
      const stored = this.hands.get(hand.hand_id);
      if (stored === undefined) fresh += 1;
      else if (!summaryFieldsChanged(stored, hand)) continue;
      changed.push(hand);
    }
    const cursorChanges = cursor !== undefined && !sameCursor(cursor, this.cursorValue);
    if (changed.length === 0 && !cursorChanges) return 0;
    // Serialized a slice at a time: the text is what the record stores, and the row keeps it for compaction.
    const texts: string[] = new Array<string>(changed.length);
    const rows: IndexedHand[] = new Array<IndexedHand>(changed.length);
    for (let at = 0; at < changed.length; at += 1) {
      if (at % COMMIT_CHECK_EVERY === 0) await slicer.turn();
      const hand = changed[at] as HandSummary;
      const text = JSON.stringify(hand);
      texts[at] = text;
      rows[at] = rowWithText(hand, text);
    }
    await slicer.turn();
    await this.writable().append([encodeHandsRecord(rows, texts, cursorChanges ? cursor : undefined)]);
    this.apply(cursorChanges ? { k: 'hands', rows, cursor } : { k: 'hands', rows }, 0);
    return fresh;
  }

  /**
   * Brings a stored summary up to date with the summary fields of a freshly fetched detail (a republish may have
   * rewritten e.g. `final_pot_bb`). Only fields the stored summary has are compared and taken. Returns whether
   * the stored summary changed.
   */
  async refreshSummary(fromDetail: HandDetail['hand']): Promise<boolean> {
    const stored = this.hands.get(fromDetail.hand_id);
    if (stored === undefined) return false;
    const updated: Record<string, unknown> = { ...stored };
    for (const key of Object.keys(stored)) {
      if (key in fromDetail) updated[key] = (fromDetail as Record<string, unknown>)[key];
    }
    const next = updated as HandSummary;
    if (!summaryFieldsChanged(stored, next)) return false;
    await this.commitHands([next]);
    return true;
  }

  /**
   * How far back every stored hand has its detail cached: the ts of the oldest hand of the unbroken newest-first
   * run of hands with a detail (null when the newest hand has none). Per-player lists are complete from there on.
   */
  detailCoverageFromTs(): number | null {
    if (this.coverageCache !== undefined && this.coverageCache.version === this.version)
      return this.coverageCache.fromTs;
    let fromTs: number | null = null;
    for (const hand of this.hands.newestFirstIterator()) {
      if (!this.details.has(hand.id)) break;
      fromTs = hand.ts;
    }
    this.coverageCache = { version: this.version, fromTs };
    return fromTs;
  }

  /** The cached detail of a hand, if any. */
  detail(handId: string): DetailEntry | undefined {
    return this.details.get(handId);
  }

  /** Caches an immutable hand detail forever. */
  async putDetail(handId: string, detail: HandDetail, fetchedAt: number): Promise<void> {
    if (this.details.has(handId)) return;
    const record = { k: 'detail', hand_id: handId, fetchedAt, detail } as const;
    await this.writable().append([encodeRecord(record)]);
    this.apply(record, 0);
  }

  /** A cached resource by key. */
  cached(key: string): CacheEntry | undefined {
    return this.caches.get(key);
  }

  /** Replaces a cached resource. */
  async putCached(key: string, entry: CacheEntry): Promise<void> {
    const record = { k: 'cache', key, ...entry } as const;
    const payload = encodeRecord(record);
    await this.writable().append([payload]);
    this.apply(record, Buffer.byteLength(payload) + FRAME_OVERHEAD_BYTES);
  }

  /**
   * Compacts when superseded bytes outweigh half the live ones (and exceed 1 MiB), or when hands were stored out
   * of time order (a page fallback): the compacted log is oldest-first, which makes the next open append-only.
   */
  async maybeCompact(): Promise<boolean> {
    const log = this.writable();
    const live = log.size - this.deadBytes;
    const bloated = this.deadBytes >= 1024 * 1024 && this.deadBytes >= live / 2;
    if (!bloated && !this.hands.outOfOrder) return false;
    await this.compact();
    return true;
  }

  /** Rewrites the log as exactly the current state (temp file, fsync, rename, directory fsync). */
  async compact(): Promise<void> {
    await this.writable().rewrite(this.snapshotPayloads());
    this.deadBytes = 0;
    this.hands.outOfOrder = false;
  }

  /** Waits for pending writes and closes the log. */
  async close(): Promise<void> {
    await this.log?.close();
    this.log = null;
  }

  private *snapshotPayloads(): Generator<string> {
    const all = this.hands.oldestFirst();
    for (let start = 0; start < all.length || start === 0; start += COMPACT_BATCH) {
      const batch = all.slice(start, start + COMPACT_BATCH);
      const last = start + COMPACT_BATCH >= all.length;
      // Stored texts are copied as they are: compaction never parses a summary it does not need.
      // The cursor rides with the last batch: it covers every hand before it.
      yield encodeHandsRecord(
        batch,
        batch.map((hand) => hand.json()),
        last ? this.cursorValue : undefined,
      );
      if (last) break;
    }
    for (const [handId, entry] of this.details) yield encodeRecord({ k: 'detail', hand_id: handId, ...entry });
    for (const [key, entry] of this.caches) yield encodeRecord({ k: 'cache', key, ...entry });
  }

  private apply(record: LogRecord, payloadBytes: number): void {
    this.version += 1;
    switch (record.k) {
      case 'hands':
        // A republished summary supersedes the stored one; its old bytes become dead (estimated by its size).
        this.deadBytes += this.hands.upsert(record.rows, (handId) => this.detailPlayers(handId));
        if (record.cursor !== undefined) this.cursorValue = record.cursor;
        return;
      case 'detail':
        if (this.details.has(record.hand_id)) {
          this.deadBytes += payloadBytes;
          return;
        }
        this.details.set(record.hand_id, { detail: record.detail, fetchedAt: record.fetchedAt });
        this.hands.addPlayers(record.hand_id, detailPlayerIds(record.detail));
        return;
      case 'cache': {
        this.deadBytes += this.cacheBytes.get(record.key) ?? 0;
        this.cacheBytes.set(record.key, payloadBytes);
        this.caches.set(record.key, {
          data: record.data,
          notPublished: record.notPublished,
          fetchedAt: record.fetchedAt,
        });
        return;
      }
    }
  }

  /** Players of a hand whose detail is already cached (a detail can precede its summary in the log). */
  private detailPlayers(handId: string): readonly string[] | undefined {
    const cached = this.details.get(handId);
    return cached === undefined ? undefined : detailPlayerIds(cached.detail);
  }

  private writable(): FramedLog {
    if (this.log === null) throw new Error('history store is closed');
    return this.log;
  }
}

function sameCursor(a: HandCursor | null, b: HandCursor | null): boolean {
  if (a === null || b === null) return a === b;
  return a.hand_id === b.hand_id && a.ts === b.ts;
}
