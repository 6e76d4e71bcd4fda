/**
 * One stored hand as the indexes hold it: the keys they sort and group by (id, time, session, player ids) are kept
 * parsed; the summary itself stays where it was read, as a byte range of the log's buffer, and is decoded and
 * parsed only when a screen asks for it. Opening 100,000 hands then parses a compact index, not 100,000 summaries,
 * and allocates nothing per hand for the summaries.
 */
import type { HandSummary } from './schemas';

/** The index keys of a hand, as a `hands` record stores them. */
export interface HandKeys {
  readonly id: string;
  readonly ts: number;
  readonly session: string | null;
  /** Raw player ids as the venue published them (aliases are applied when grouping). */
  readonly playerIds: readonly string[];
}

/** A summary whose stored text cannot be read as one: the index keys are all that is known. */
function keysOnly(id: string, ts: number, session: string | null): HandSummary {
  return { hand_id: id, ts, session_uid: session };
}

/** Where a summary's JSON text sits in the buffer it was read from. */
export interface RawText {
  readonly buffer: Buffer;
  readonly start: number;
  readonly end: number;
}

function parseSummary(text: string, id: string, ts: number, session: string | null): HandSummary {
  try {
    const value: unknown = JSON.parse(text);
    // Written by this store after the venue client validated it, and CRC-checked on read: the ids must agree.
    if (typeof value === 'object' && value !== null && (value as { hand_id?: unknown }).hand_id === id)
      return value as HandSummary;
  } catch {
    // Falls through to the index keys.
  }
  return keysOnly(id, ts, session);
}

/**
 * A hand in the indexes: created from disk with its raw bytes, from the venue with the JSON text just written for
 * it (kept, so compaction copies it instead of stringifying again, and the parsed object can be dropped), or with
 * a parsed summary alone.
 */
export class IndexedHand implements HandKeys {
  private rawBuffer: Buffer | null;
  private rawStart: number;
  private rawEnd: number;
  private rawText: string | null = null;
  private parsed: HandSummary | null;
  /** True once the hand is in the index's ordered lists (false while its batch is being added). */
  filed = false;

  constructor(
    readonly id: string,
    readonly ts: number,
    readonly session: string | null,
    public playerIds: readonly string[],
    raw: RawText | null,
    summary: HandSummary | null,
  ) {
    // Kept as three fields rather than an object: no allocation per hand while opening.
    this.rawBuffer = raw?.buffer ?? null;
    this.rawStart = raw?.start ?? 0;
    this.rawEnd = raw?.end ?? 0;
    this.parsed = summary;
  }

  /** A hand fetched from the venue, holding only the JSON text its record stores (parsed again when shown). */
  static fromText(keys: HandKeys, text: string): IndexedHand {
    const hand = new IndexedHand(keys.id, keys.ts, keys.session, keys.playerIds, null, null);
    hand.rawText = text;
    return hand;
  }

  /** The latest published summary (parsed on first use). */
  get summary(): HandSummary {
    if (this.parsed === null) {
      const text =
        this.rawText ?? (this.rawBuffer === null ? null : this.rawBuffer.toString('utf8', this.rawStart, this.rawEnd));
      this.parsed =
        text === null ? keysOnly(this.id, this.ts, this.session) : parseSummary(text, this.id, this.ts, this.session);
      this.rawBuffer = null;
      this.rawText = null;
    }
    return this.parsed;
  }

  /** The summary's JSON text, without parsing it when it is still raw (compaction). */
  json(): string {
    if (this.rawText !== null) return this.rawText;
    return this.rawBuffer !== null
      ? this.rawBuffer.toString('utf8', this.rawStart, this.rawEnd)
      : JSON.stringify(this.summary);
  }

  /** Bytes the summary takes in the log (approximately, for dead-byte accounting). */
  byteSize(): number {
    if (this.rawText !== null) return this.rawText.length;
    return this.rawBuffer !== null ? this.rawEnd - this.rawStart : Buffer.byteLength(JSON.stringify(this.summary));
  }

  /** Swaps in the republished summary of `other` (same hand, same time and session). */
  replaceSummary(other: IndexedHand): void {
    this.parsed = other.parsed;
    this.rawText = other.rawText;
    this.rawBuffer = other.rawBuffer;
    this.rawStart = other.rawStart;
    this.rawEnd = other.rawEnd;
  }
}

/** The session key of a summary, when it has one. */
export function sessionOf(summary: HandSummary): string | null {
  return typeof summary.session_uid === 'string' ? summary.session_uid : null;
}
