/**
 * The archive of closed shifts: one append-only framed file per shift (`cashier-archive/<shift id>.log`), in the
 * journal's own record format (each record a movement's full state, read back through the journal's zod schema).
 * Settled movements of a closed shift are appended here and fdatasync'd BEFORE the journal is compacted without
 * them (shift-compaction.ts), so a crash between the two leaves a movement in both places, never in neither.
 * Readers take each key once (the newest record wins), so a movement archived twice, or present in the archive
 * and the journal, counts once.
 *
 * One file per shift keeps every start cheap (nothing here is read at open) and lets the CSV export read one shift.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { openBookFile, readBookFile, type BookDamage } from '../storage/book-file';
import { booksFor, type Books } from '../storage/books';
import { ensurePrivateDir } from '../storage/private-dir';
import { parseRecord } from './journal-schema';
import type { JournalRecord } from './journal-schema';
import type { Movement } from './types';

export const ARCHIVE_DIR = 'cashier-archive';

const archivePath = (dataDir: string, shiftId: string): string => join(dataDir, ARCHIVE_DIR, `${shiftId}.log`);
/** Each archive names its shift in its role: two shifts' archives cannot be swapped. */
export const archiveRole = (shiftId: string): string => `cashier-archive/${shiftId}`;

function parsePayload(payload: Buffer): Movement | null {
  try {
    return parseRecord(JSON.parse(payload.toString('utf8')))?.movement ?? null;
  } catch {
    return null;
  }
}

function latestByKey(payloads: readonly Buffer[]): Map<string, Movement> {
  const latest = new Map<string, Movement>();
  for (const payload of payloads) {
    const movement = parsePayload(payload);
    if (movement !== null) latest.set(movement.key, movement);
  }
  return latest;
}

/** The archived movements of one shift, each key once (its newest record), and what the books found wrong. */
export async function readArchiveChecked(
  dataDir: string,
  shiftId: string,
  books: Books,
): Promise<{ readonly movements: Movement[]; readonly damage: readonly BookDamage[] }> {
  const read = await readBookFile(archivePath(dataDir, shiftId), archiveRole(shiftId), books);
  return { movements: [...latestByKey(read.payloads).values()], damage: read.damage };
}

/** The archived movements of one shift that verify, each key once. A missing archive is empty. */
export async function readArchive(dataDir: string, shiftId: string, books?: Books): Promise<Movement[]> {
  return (await readArchiveChecked(dataDir, shiftId, books ?? (await booksFor(dataDir)))).movements;
}

const recordText = (movement: Movement): string =>
  JSON.stringify({ v: 1, type: 'movement', movement } satisfies JournalRecord);

/**
 * Appends the movements of `shiftId` that its archive does not already hold in this very state, and resolves only
 * once they are fdatasync'd. Re-running it after a crash appends nothing new.
 */
export async function archiveMovements(
  dataDir: string,
  shiftId: string,
  movements: readonly Movement[],
  books: Books,
): Promise<void> {
  // 0700 like every folder of the app, whatever the umask; a new folder's entry is fsynced.
  await ensurePrivateDir(join(dataDir, ARCHIVE_DIR));
  const { log, payloads } = await openBookFile(archivePath(dataDir, shiftId), archiveRole(shiftId), books);
  try {
    const held = latestByKey(payloads);
    // Compared whole, as read back: a claimed event changes neither state nor updatedAt.
    const missing = movements.filter((movement) => {
      const archived = held.get(movement.key);
      return (
        archived === undefined || !isDeepStrictEqual(archived, parseRecord(JSON.parse(recordText(movement)))?.movement)
      );
    });
    if (missing.length > 0) await log.append(missing.map(recordText), { durable: true });
  } finally {
    await log.close();
  }
}

/** Shift ids that have an archive file (for inspection and tests). */
export async function archivedShiftIds(dataDir: string): Promise<string[]> {
  try {
    return (await readdir(join(dataDir, ARCHIVE_DIR)))
      .filter((name) => name.endsWith('.log'))
      .map((name) => name.slice(0, -4));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
