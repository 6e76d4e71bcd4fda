/**
 * A read-only check of one cashier folder's books (`npm run verify`): every chained file verified against the
 * books' key and witness, and every closed shift with the seal of its close (the digest its paper carries).
 * Nothing is written, repaired or created.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { damageNote, readBookFile, type BookDamageNote } from '../storage/book-file';
import type { Books } from '../storage/books';
import { ARCHIVE_DIR, archiveRole } from './archive';
import { JOURNAL_FILE, JOURNAL_ROLE } from './journal';
import { VENUE_LEDGER_ROLE } from './reconcile/venue-ledger';
import { VENUE_LEDGER_FILE } from './reconcile/ledger-file';
import { closedWall, openedWall } from './shift';
import { foldShiftRecords, SHIFT_LOG_FILE, SHIFT_LOG_ROLE } from './shift-log';

export interface AuditedFile {
  /** The file under the data folder. */
  readonly name: string;
  /** Records that verified (the first, which names the file, not counted). */
  readonly records: number;
  readonly damage: readonly BookDamageNote[];
}

export interface AuditedShift {
  readonly id: string;
  readonly openedAt: number;
  /** Null while open. */
  readonly closedAt: number | null;
  /** The seal of its latest record in the shift log (hex), null when not sealed. */
  readonly digest: string | null;
}

export interface CashierAudit {
  readonly files: readonly AuditedFile[];
  readonly shifts: readonly AuditedShift[];
}

async function archiveIds(dir: string): Promise<string[]> {
  const names = await readdir(join(dir, ARCHIVE_DIR)).catch(() => [] as string[]);
  return names.filter((name) => name.endsWith('.log')).map((name) => name.slice(0, -4));
}

/** One file of the books read and checked (also the verify report's files at the top of the data folder). */
export async function audited(path: string, role: string, books: Books) {
  const read = await readBookFile(path, role, books);
  const file: AuditedFile = {
    name: books.nameOf(path),
    records: read.payloads.length,
    damage: read.damage.map(damageNote),
  };
  return { read, file };
}

/** Verifies every file of the books in one cashier folder (`dir`: a venue's `cashier/`). */
export async function auditCashierFolder(dir: string, books: Books): Promise<CashierAudit> {
  const shiftLog = await audited(join(dir, SHIFT_LOG_FILE), SHIFT_LOG_ROLE, books);
  const { latest, digests } = foldShiftRecords(shiftLog.read.payloads, shiftLog.read.payloadMacs);
  const files: AuditedFile[] = [
    (await audited(join(dir, JOURNAL_FILE), JOURNAL_ROLE, books)).file,
    shiftLog.file,
    (await audited(join(dir, VENUE_LEDGER_FILE), VENUE_LEDGER_ROLE, books)).file,
  ];
  // Every closed shift's archive, and any archive file besides (one for a shift the shift log no longer has).
  const closed = [...latest.values()].filter((shift) => shift.close !== null).map((shift) => shift.id);
  const ids = [...new Set([...closed, ...(await archiveIds(dir))])];
  for (const id of ids) files.push((await audited(join(dir, ARCHIVE_DIR, `${id}.log`), archiveRole(id), books)).file);
  const shifts = [...latest.values()].map((shift) => ({
    id: shift.id,
    openedAt: openedWall(shift),
    closedAt: shift.close === null ? null : closedWall(shift.close),
    digest: digests.get(shift.id) ?? null,
  }));
  return { files, shifts };
}
