/**
 * The cashier's append-only journal. Each record is a movement's full latest state, framed with length and CRC32
 * by the shared storage layer (main/core/storage) and validated by zod when read back (journal-schema.ts). A
 * durable append resolves only after fdatasync, so the runtime journals a movement's intent and waits for it
 * BEFORE the request leaves the machine.
 *
 * Recovery never throws on bad data: a torn or corrupt tail is cut off; a damaged record in the middle is skipped
 * and every later intact record kept. Skipping is safe because every record is a whole snapshot: a lost
 * intermediate state is superseded by the movement's next record. If the damaged record was a movement's
 * only or latest one, that state is lost and reported in `recovery`.
 */
import { join } from 'node:path';
import { openBookFile, readBookFile, witnessAlarmDamage, type BookDamage, type BookFile } from '../storage/book-file';
import { booksFor, type Books } from '../storage/books';
import { scanFramedRecords } from '../storage/framed-record';
import { splitChained } from '../storage/record-chain';
import { ensurePrivateDir } from '../storage/private-dir';
import { nodeStorageFs, type StorageFs } from '../storage/storage-fs';
import { parseRecord } from './journal-schema';
import type { JournalRecord } from './journal-schema';
import { acquireLock } from './lock';
import type { HeldLock } from './lock';
import type { Movement } from './types';

export const JOURNAL_FILE = 'cashier-journal.log';
export const LOCK_FILE = 'cashier.lock';
/** The journal's role in the books (its genesis names it). */
export const JOURNAL_ROLE = 'cashier-journal';
/** How long non-durable writes may wait for an fdatasync when no durable write comes along. */
const IDLE_SYNC_MS = 20;

/** What recovery found. */
export interface RecoveryReport {
  readonly records: number;
  /** Damaged stretches skipped in the middle of the file. */
  readonly skippedCorrupt: number;
  /** Intact framing whose content failed validation. */
  readonly invalidRecords: number;
  /** Bytes of torn or corrupt tail cut off (a crash mid-write: not damage). */
  readonly droppedTailBytes: number;
}

export interface RecoveredJournal {
  /** The latest state of every movement, in the order the movements first appeared. */
  readonly movements: readonly Movement[];
  readonly report: RecoveryReport;
  /** What the books found wrong with the file: said, never repaired. */
  readonly damage: readonly BookDamage[];
  /**
   * Movements a damaged record names (an altered state, a record the app did not write), or a sealed record after
   * one (it may have been copied in with it): nothing is sent for them until a person has looked. A key that only a
   * damaged record names never reaches memory at all.
   */
  readonly held: ReadonlySet<string>;
}

function parseJson(payload: Buffer): unknown {
  try {
    return JSON.parse(payload.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** The movement key a damaged record's bytes name, when they still read as a record. */
function keyNamed(inner: Buffer | null): string | null {
  if (inner === null) return null;
  const text = inner.toString('utf8');
  const parsed = parseRecord(parseJson(inner));
  if (parsed !== null) return parsed.movement.key;
  // Bytes altered past parsing may still spell the key.
  return /"key":"([^"]{1,200})"/.exec(text)?.[1] ?? null;
}

/**
 * Reads a journal's bytes WITHOUT checking their seals (tests and tools that inspect what was written): the app
 * itself reads only through openJournal and readJournal, which verify every record against the books.
 */
export function recoverJournal(data: Buffer): RecoveredJournal & { readonly validEnd: number } {
  const scan = scanFramedRecords(data);
  const inners = scan.records.map((record) => splitChained(record)?.inner ?? record);
  const chained = scan.records.length > 0 && splitChained(scan.records[0] as Buffer) !== null;
  const payloads = chained ? inners.slice(1) : inners;
  const unreadable: BookDamage[] =
    scan.damagedRegions === 0
      ? []
      : [{ file: JOURNAL_FILE, kind: 'unreadable', record: null, detail: 'unreadable bytes', since: 0, inner: null }];
  return { ...recoverPayloads(payloads, unreadable, scan.tailBytes), validEnd: scan.validEnd };
}

/** Validates a journal's verified records into the latest state of each movement. Never throws. */
function recoverPayloads(
  payloads: readonly Buffer[],
  damage: readonly BookDamage[],
  droppedTailBytes: number,
  unanchored: readonly Buffer[] = [],
): RecoveredJournal {
  const latest = new Map<string, Movement>();
  let invalidRecords = 0;
  for (const payload of payloads) {
    const record = parseRecord(parseJson(payload));
    if (record === null) {
      invalidRecords += 1;
      continue;
    }
    latest.set(record.movement.key, record.movement);
  }
  const held = new Set<string>();
  // A record sealed by these books but placed after one that does not verify may have been copied in with it: its
  // movement waits for a person as the damaged record's does.
  for (const inner of [...damage.map((entry) => entry.inner), ...unanchored]) {
    const key = keyNamed(inner);
    if (key !== null) held.add(key);
  }
  return {
    movements: [...latest.values()],
    report: {
      records: payloads.length,
      skippedCorrupt: damage.filter((entry) => entry.kind === 'unreadable').length,
      invalidRecords,
      droppedTailBytes,
    },
    damage,
    held,
  };
}

/**
 * Reads a journal without taking the lock (inspection, tests). Missing file = empty journal; a symlink is refused.
 * The books are the folder's own (`booksFor`) unless given.
 */
export async function readJournal(
  dataDir: string,
  fs: StorageFs = nodeStorageFs,
  books?: Books,
): Promise<RecoveredJournal> {
  const read = await readBookFile(join(dataDir, JOURNAL_FILE), JOURNAL_ROLE, books ?? (await booksFor(dataDir)), {
    fs,
  });
  return recoverPayloads(read.payloads, read.damage, read.tailBytes, read.unanchored);
}

/** How a journal is opened; production uses the defaults. */
export interface JournalOptions {
  /** The file system (default node:fs); tests pass one that simulates power loss. */
  readonly fs?: StorageFs;
  /** Takes the folder's single-owner lock (default lock.ts; a simulated file system has no sockets). */
  readonly lock?: (path: string) => Promise<HeldLock>;
  /** The books that seal and witness the journal (default: the folder's own, `booksFor`). */
  readonly books?: Books;
}

/** The open journal; one process owns it. */
export interface Journal {
  readonly dataDir: string;
  /** The books that seal and witness it (and the shift log and archive beside it). */
  readonly books: Books;
  readonly recovered: RecoveredJournal;
  /**
   * Appends a movement's latest state; resolves once it is on disk (fdatasync). With `durable: false` it resolves
   * once written (safe against a process crash); the next durable write's fdatasync, or one within IDLE_SYNC_MS,
   * covers it: for records whose loss in a power cut could only turn into a replay of the same key. `onWritten`
   * runs after the write, before the fdatasync (a crash-test phase).
   */
  append(movement: Movement, options?: { readonly onWritten?: () => void; readonly durable?: boolean }): Promise<void>;
  /** Rewrites the file with only the latest state of each movement (optionally dropping settled history). */
  compact(movements: readonly Movement[]): Promise<void>;
  /** Bytes currently in the file. */
  size(): number;
  close(): Promise<void>;
}

const recordText = (movement: Movement): string =>
  JSON.stringify({ v: 1, type: 'movement', movement } satisfies JournalRecord);

/**
 * Opens (creating if needed) the journal in `dataDir`: takes the lock, recovers, cuts a torn tail. Appends are
 * group-committed: writes queued while an fdatasync runs go out together under the next one.
 */
export async function openJournal(dataDir: string, options: JournalOptions = {}): Promise<Journal> {
  // Created 0700 with each new folder's parent fsynced; a folder others could write into is refused.
  await ensurePrivateDir(dataDir, options.fs);
  const lock: HeldLock = await (options.lock ?? acquireLock)(join(dataDir, LOCK_FILE));
  let log: BookFile;
  let recovered: RecoveredJournal;
  let books: Books;
  try {
    books = options.books ?? (await booksFor(dataDir));
    const opened = await openBookFile(join(dataDir, JOURNAL_FILE), JOURNAL_ROLE, books, {
      idleSyncMs: IDLE_SYNC_MS,
      fs: options.fs,
      lazyWitness: true,
    });
    log = opened.log;
    // The witness's own alarms are said with the journal's damage: once per venue opened, on every screen.
    const damage = [...witnessAlarmDamage(books, Date.now()), ...opened.damage];
    recovered = recoverPayloads(opened.payloads, damage, opened.tailBytes, opened.unanchored);
  } catch (error) {
    await lock.release();
    throw error;
  }
  let closed = false;
  return {
    dataDir,
    books,
    recovered,
    async append(movement, options) {
      if (closed) throw new Error('The cashier journal is closed.');
      await log.append([recordText(movement)], { durable: options?.durable ?? true, onWritten: options?.onWritten });
    },
    async compact(movements) {
      if (closed) throw new Error('The cashier journal is closed.');
      // Temp file, fsync, rename over the journal, fsync the folder: a crash leaves either the old or the new file.
      await log.rewrite(movements.map(recordText));
    },
    size: () => log.size,
    async close() {
      if (closed) return;
      closed = true;
      try {
        await log.close();
      } finally {
        await lock.release();
      }
    },
  };
}
