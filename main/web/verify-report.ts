/**
 * `npm run verify`'s work, apart from its command line: opens the books of a data folder read-only, checks every
 * cashier folder in it (main/core/cashier/books-audit.ts) and every witnessed file that is gone, matches a printed
 * digest to its shift, and words a report a person reads. Writes nothing.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { localDateTime } from '../../preload/contract/local-time';
import { audited, auditCashierFolder, type AuditedFile, type AuditedShift } from '../core/cashier/books-audit';
import { Books, defaultWitnessDir, keyFileSource } from '../core/storage/books';
import { EVENT_LOG_FILE, EVENT_LOG_ROLE } from '../core/session/event-log';
import { OPERATOR_BOOK_FILE, OPERATOR_BOOK_ROLE } from '../core/session/operator-book';

/** The books' files at the top of a data folder, and their roles. */
const ROOT_FILES: ReadonlyArray<readonly [string, string]> = [
  [EVENT_LOG_FILE, EVENT_LOG_ROLE],
  [OPERATOR_BOOK_FILE, OPERATOR_BOOK_ROLE],
];
import { damageView, digestPrefix, shortDigest } from '../core/session/books-view';

export interface VerifyOptions {
  readonly dataDir: string;
  /** Where the key and witness are (default: beside the data folder, as the web runtime keeps them). */
  readonly booksDir?: string;
  /** A digest printed on a shift summary, to be matched to its shift. */
  readonly digest?: string;
}

export interface VerifyResult {
  readonly ok: boolean;
  readonly text: string;
}

async function cashierFolders(dataDir: string): Promise<string[]> {
  const venues = join(dataDir, 'venues');
  const entries = await readdir(venues, { withFileTypes: true }).catch(() => []);
  const found: string[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory()) continue;
    const dir = join(venues, entry.name, 'cashier');
    if ((await readdir(dir).catch(() => null)) !== null) found.push(dir);
  }
  return found;
}

function fileLines(file: AuditedFile): string[] {
  const records = file.records === 1 ? '1 record' : `${file.records} records`;
  if (file.damage.length === 0) return [`  ok        ${file.name} (${records})`];
  return [
    `  DAMAGED   ${file.name}`,
    ...file.damage.map((note) => {
      const view = damageView(note);
      return `            ${view.where}: ${view.what} (first seen ${localDateTime(view.since)})`;
    }),
  ];
}

function shiftLine(shift: AuditedShift): string {
  const closed = shift.closedAt === null ? 'open' : localDateTime(shift.closedAt);
  const period = `${localDateTime(shift.openedAt)} to ${closed}`;
  return `  ${shift.id}  ${period}  digest ${shortDigest(shift.digest) ?? 'not sealed'}`;
}

/** Checks the whole data folder; `ok` is false on any damage, or when a given digest matches no closed shift. */
export async function verifyDataFolder(options: VerifyOptions): Promise<VerifyResult> {
  const witnessDir = options.booksDir ?? defaultWitnessDir(options.dataDir);
  const books = await Books.open(options.dataDir, witnessDir, keyFileSource(witnessDir), undefined, true);
  const lines = [`Books of ${options.dataDir} (key and witness: ${witnessDir})`, ''];
  let ok = true;
  const examined = new Set<string>();
  const shifts: AuditedShift[] = [];
  // The cage's own files, at the top of the data folder: the event log and the operator records.
  for (const [file, role] of ROOT_FILES) {
    const { file: checked } = await audited(join(options.dataDir, file), role, books);
    examined.add(checked.name);
    lines.push(...fileLines(checked));
    if (checked.damage.length > 0) ok = false;
  }
  for (const dir of await cashierFolders(options.dataDir)) {
    const audit = await auditCashierFolder(dir, books);
    for (const file of audit.files) {
      examined.add(file.name);
      lines.push(...fileLines(file));
      if (file.damage.length > 0) ok = false;
    }
    shifts.push(...audit.shifts);
  }
  // A file the witness saw that is no longer anywhere: deleted.
  for (const { seal } of books.allSeals()) {
    if (examined.has(seal.name)) continue;
    ok = false;
    lines.push(`  MISSING   ${seal.name}: the books witnessed ${seal.count} records here; the file is gone`);
  }
  for (const alarm of books.witnessAlarms) {
    ok = false;
    lines.push(`  DAMAGED   the witness: ${alarm}`);
  }
  lines.push('', 'Shifts', ...(shifts.length === 0 ? ['  none'] : shifts.map(shiftLine)));
  if (options.digest !== undefined) {
    const prefix = digestPrefix(options.digest);
    const match = prefix === null ? undefined : shifts.find((shift) => shift.digest?.startsWith(prefix) === true);
    if (match === undefined || match.closedAt === null) {
      ok = false;
      lines.push('', `Digest ${options.digest}: matches no closed shift in these books`);
    } else lines.push('', `Digest ${options.digest}: shift ${match.id}, closed ${localDateTime(match.closedAt)}`);
  }
  lines.push('', ok ? 'Result: verified, no damage found.' : 'Result: DAMAGE FOUND (see above).');
  return { ok, text: lines.join('\n') };
}
