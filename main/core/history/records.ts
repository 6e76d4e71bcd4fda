/**
 * The records of the history log (framed by main/core/storage). A `hands` record carries a batch of summaries
 * together with the cursor that covers them, so the two are committed atomically: after any crash the stored
 * cursor never points past a hand that is not stored. A summary whose hand_id is already stored replaces it (a
 * republish: last write wins).
 *
 * Reading back is the hot path of opening a 100,000-hand store, so a `hands` record is laid out for it:
 *   line 1: {"k":"hands","rows":[[hand_id, ts, session_uid|null, [player ids]], ...],"cursor":...}
 *   line 2..n+1: each summary's JSON, one per line, in row order
 * Opening parses only line 1 (the index keys) and keeps each summary's bytes to parse when a screen shows it.
 * Records are checked with the smallest structural checks the store relies on: everything in them was validated
 * by the venue client before it was written, and the framing's CRC proves the bytes are the ones written.
 */
import { summaryPlayerIds } from './hand-players';
import type { HandCursor, HandDetail, HandSummary } from './schemas';
import { IndexedHand, sessionOf, type HandKeys } from './stored-hand';

/** A batch of hands; `cursor` present means "the cursor is now this" (null: restart from the oldest hand). */
export interface HandsRecord {
  readonly k: 'hands';
  readonly rows: readonly IndexedHand[];
  readonly cursor?: HandCursor | null;
}

/** An immutable hand detail, cached forever. */
export interface DetailRecord {
  readonly k: 'detail';
  readonly hand_id: string;
  readonly fetchedAt: number;
  readonly detail: HandDetail;
}

/** A cached resource (roster, player, leaderboard, sessions, session) or the fact that it was not yet published. */
export interface CacheRecord {
  readonly k: 'cache';
  readonly key: string;
  readonly fetchedAt: number;
  readonly notPublished: boolean;
  readonly data: unknown;
}

export type LogRecord = HandsRecord | DetailRecord | CacheRecord;

const NEWLINE = 0x0a;

/** The index row of a summary fetched from the venue. */
export function rowOf(summary: HandSummary): IndexedHand {
  return new IndexedHand(summary.hand_id, summary.ts, sessionOf(summary), summaryPlayerIds(summary), null, summary);
}

/** The index row of a summary fetched from the venue, keeping only `text` (its JSON, as the record stores it). */
export function rowWithText(summary: HandSummary, text: string): IndexedHand {
  return IndexedHand.fromText(
    { id: summary.hand_id, ts: summary.ts, session: sessionOf(summary), playerIds: summaryPlayerIds(summary) },
    text,
  );
}

/** Encodes a `hands` record from rows and their summaries' JSON texts. */
export function encodeHandsRecord(
  rows: readonly HandKeys[],
  texts: readonly string[],
  cursor?: HandCursor | null,
): string {
  const head: Record<string, unknown> = {
    k: 'hands',
    rows: rows.map((row) => [row.id, row.ts, row.session, row.playerIds]),
  };
  if (cursor !== undefined) head.cursor = cursor;
  return [JSON.stringify(head), ...texts].join('\n');
}

/** Encodes a `detail` or `cache` record. */
export function encodeRecord(record: DetailRecord | CacheRecord): string {
  return JSON.stringify(record);
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function isCursor(value: unknown): value is HandCursor | null {
  return (
    value === null ||
    (isObject(value) && typeof value.ts === 'number' && isString(value.hand_id) && value.hand_id.length > 0)
  );
}

function isIndexRow(value: unknown): value is [string, number, string | null, string[]] {
  if (!Array.isArray(value) || value.length !== 4) return false;
  const [id, ts, session, players] = value as unknown[];
  return (
    isString(id) &&
    id.length > 0 &&
    typeof ts === 'number' &&
    (session === null || isString(session)) &&
    Array.isArray(players) &&
    players.every(isString)
  );
}

function decodeHands(head: Record<string, unknown>, payload: Buffer, bodyStart: number): HandsRecord | null {
  const rows = head.rows;
  if (!Array.isArray(rows) || !('cursor' in head ? isCursor(head.cursor) : true)) return null;
  const out: IndexedHand[] = new Array<IndexedHand>(rows.length);
  let start = bodyStart;
  for (let at = 0; at < rows.length; at += 1) {
    const row: unknown = rows[at];
    if (!isIndexRow(row) || start > payload.length) return null;
    let end = payload.indexOf(NEWLINE, start);
    if (end === -1) end = payload.length;
    // Each summary stays a byte range of the record until a screen parses it.
    out[at] = new IndexedHand(row[0], row[1], row[2], row[3], { buffer: payload, start, end }, null);
    start = end + 1;
  }
  if (start < payload.length) return null;
  const cursor = head.cursor as HandCursor | null | undefined;
  return cursor === undefined ? { k: 'hands', rows: out } : { k: 'hands', rows: out, cursor };
}

function isDetail(value: unknown): value is HandDetail {
  if (!isObject(value) || !isObject(value.hand) || !Array.isArray(value.actions)) return false;
  return (
    isString(value.hand.hand_id) &&
    Array.isArray(value.hand.players) &&
    value.actions.every((action) => isObject(action) && isString(action.action))
  );
}

/** Decodes a payload, or null when it is not a valid record. Never throws. */
export function decodeRecord(payload: Buffer): LogRecord | null {
  const headEnd = payload.indexOf(NEWLINE);
  let head: unknown;
  try {
    head = JSON.parse(payload.toString('utf8', 0, headEnd === -1 ? payload.length : headEnd));
  } catch {
    return null;
  }
  if (!isObject(head)) return null;
  switch (head.k) {
    case 'hands':
      return decodeHands(head, payload, headEnd === -1 ? payload.length + 1 : headEnd + 1);
    case 'detail':
      if (headEnd !== -1 || !isString(head.hand_id) || typeof head.fetchedAt !== 'number' || !isDetail(head.detail))
        return null;
      return { k: 'detail', hand_id: head.hand_id, fetchedAt: head.fetchedAt, detail: head.detail };
    case 'cache':
      if (
        headEnd !== -1 ||
        !isString(head.key) ||
        typeof head.fetchedAt !== 'number' ||
        typeof head.notPublished !== 'boolean'
      )
        return null;
      return { k: 'cache', key: head.key, fetchedAt: head.fetchedAt, notPublished: head.notPublished, data: head.data };
    default:
      return null;
  }
}
