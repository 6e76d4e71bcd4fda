/**
 * The books' damage and digests in words a cashier, a manager or an auditor reads: which file by what it holds,
 * where in it, what, and since when. Main words it; the screens and the paper only show it.
 */
import type { BooksDamageView, BooksView } from '../../../preload/contract';
import { localIso } from '../../../preload/contract/local-time';
import type { BookDamageNote } from '../storage/book-file';

/** What each file of the books holds, for people (the archive's file names its shift). */
function fileLabel(file: string): string {
  const name = file.split('/').at(-1) ?? file;
  if (name === 'cashier-journal.log') return 'the movement journal';
  if (name === 'cashier-shifts.log') return 'the shift records';
  if (name === 'venue-ledger.log') return "the copy of the venue's record";
  if (name === 'cashier-events.log') return 'the event log';
  if (file.includes('cashier-archive/')) return `the archive of shift ${name.replace(/\.log$/, '')}`;
  return name;
}

function whereIn(note: BookDamageNote): string {
  if (note.record === null) return 'the whole file';
  return note.record === 0 ? 'its first record' : `record ${note.record}`;
}

export function damageView(note: BookDamageNote): BooksDamageView {
  return { file: fileLabel(note.file), where: whereIn(note), what: note.detail, since: note.since };
}

/** The books' state from the damage found (each damage once, oldest first). */
export function booksView(notes: readonly BookDamageNote[], heldMovements = 0): BooksView {
  const seen = new Set<string>();
  const damage: BooksDamageView[] = [];
  for (const note of [...notes].sort((a, b) => a.since - b.since)) {
    const id = `${note.file}#${note.kind}#${note.record ?? '-'}`;
    if (seen.has(id)) continue;
    seen.add(id);
    damage.push(damageView(note));
  }
  return { verified: damage.length === 0, damage, heldMovements };
}

/** A seal as printed: its first 64 bits in four groups ("3f9a-12bc-77d0-e1a4"), or null. */
export function shortDigest(mac: string | null | undefined): string | null {
  if (mac === null || mac === undefined || !/^[0-9a-f]{16,}$/.test(mac)) return null;
  return mac.slice(0, 16).replace(/(.{4})(?=.)/g, '$1-');
}

/** A printed digest back to the hex it starts with ("3F9A 12bc-77d0" -> "3f9a12bc77d0"), or null if not hex. */
export function digestPrefix(text: string): string | null {
  const hex = text.toLowerCase().replace(/[\s-]/g, '');
  return /^[0-9a-f]{8,64}$/.test(hex) ? hex : null;
}

/** The books' state in one CSV cell: "verified", or "DAMAGED: " and each damage with when it was first seen. */
export function booksCell(books: BooksView): string {
  if (books.verified) return 'verified';
  const what = books.damage.map(
    (entry) => `${entry.file}, ${entry.where}: ${entry.what} (since ${localIso(entry.since)})`,
  );
  return `DAMAGED: ${what.join('; ')}`;
}

/** Lines for the text of a summary: the digest, then "verified" or each damage. */
export function booksLines(books: BooksView, digest: string | null, formatTime: (ms: number) => string): string[] {
  const lines = [`Books digest   ${digest ?? 'not sealed'}`];
  if (books.verified) return [...lines, 'Books          verified: every record sealed, nothing missing'];
  return [
    ...lines,
    `Books          DAMAGED (${books.damage.length})`,
    ...books.damage.map((entry) => `  ${entry.file}, ${entry.where}: ${entry.what} (since ${formatTime(entry.since)})`),
  ];
}
