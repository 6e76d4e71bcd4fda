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
import { FramedLog } from '../storage/framed-log';
import { scanFramedRecords, type FramedScan } from '../storage/framed-record';
import { ensurePrivateDir } from '../storage/private-dir';
import { nodeStorageFs, OPEN_FLAGS, openExistingFile, type StorageFs } from '../storage/storage-fs';
import { parseRecord } from './journal-schema';
import type { JournalRecord } from './journal-schema';
import { acquireLock } from './lock';
import type { HeldLock } from './lock';
import type { Movement } from './types';

export const JOURNAL_FILE = 'cashier-journal.log';
export const LOCK_FILE = 'cashier.lock';
/** How long non-durable writes may wait for an fdatasync when no durable write comes along. */
const IDLE_SYNC_MS = 20;

/** What recovery found. */
export interface RecoveryReport {
  readonly records: number;
  /** Damaged stretches skipped in the middle of the file. */
  readonly skippedCorrupt: number;
  /** Intact framing whose content failed validation. */
  readonly invalidRecords: number;
  /** Bytes of torn or corrupt tail cut off. */
  readonly droppedTailBytes: number;
}

export interface RecoveredJournal {
  /** The latest state of every movement, in the order the movements first appeared. */
  readonly movements: readonly Movement[];
  readonly report: RecoveryReport;
  readonly validEnd: number;
}

function parseJson(payload: Buffer): unknown {
  try {
    return JSON.parse(payload.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** Reads and validates a journal file's bytes into the latest state of each movement. Never throws. */
export function recoverJournal(data: Buffer): RecoveredJournal {
  return recoverScanned(scanFramedRecords(data));
}

function recoverScanned(scan: FramedScan): RecoveredJournal {
  const latest = new Map<string, Movement>();
  let invalidRecords = 0;
  for (const payload of scan.records) {
    const record = parseRecord(parseJson(payload));
    if (record === null) {
      invalidRecords += 1;
      continue;
    }
    latest.set(record.movement.key, record.movement);
  }
  return {
    movements: [...latest.values()],
    report: {
      records: scan.records.length,
      skippedCorrupt: scan.damagedRegions,
      invalidRecords,
      droppedTailBytes: scan.tailBytes,
    },
    validEnd: scan.validEnd,
  };
}

/** Reads a journal without taking the lock (inspection, tests). Missing file = empty journal; a symlink is refused. */
export async function readJournal(dataDir: string, fs: StorageFs = nodeStorageFs): Promise<RecoveredJournal> {
  const handle = await openExistingFile(fs, join(dataDir, JOURNAL_FILE), OPEN_FLAGS.read);
  if (handle === null) return recoverJournal(Buffer.alloc(0));
  try {
    return recoverJournal(await handle.readFile());
  } finally {
    await handle.close();
  }
}

/** How a journal is opened; production uses the defaults. */
export interface JournalOptions {
  /** The file system (default node:fs); tests pass one that simulates power loss. */
  readonly fs?: StorageFs;
  /** Takes the folder's single-owner lock (default lock.ts; a simulated file system has no sockets). */
  readonly lock?: (path: string) => Promise<HeldLock>;
}

/** The open journal; one process owns it. */
export interface Journal {
  readonly dataDir: string;
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
  let log: FramedLog;
  let recovered: RecoveredJournal;
  try {
    const opened = await FramedLog.open(join(dataDir, JOURNAL_FILE), { idleSyncMs: IDLE_SYNC_MS, fs: options.fs });
    log = opened.log;
    recovered = recoverScanned(opened.scan);
  } catch (error) {
    await lock.release();
    throw error;
  }
  let closed = false;
  return {
    dataDir,
    recovered,
    append: (movement, options) =>
      closed
        ? Promise.reject(new Error('The cashier journal is closed.'))
        : log.append([recordText(movement)], { durable: options?.durable ?? true, onWritten: options?.onWritten }),
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
