/**
 * The demo venue's own durable file: one JSON record per line, each appended and fdatasync'd before the caller goes
 * on, so a record that was written survives a crash. Reading keeps every record up to the first line that is not a
 * whole JSON object (a torn tail from a crash mid-append) and drops the rest. Compaction rewrites the file through a
 * temporary file, fsync and rename, so the file is always either the old or the new whole.
 */
import { closeSync, fdatasyncSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

export type LogRecord = Record<string, unknown>;

/** Every whole record of the file, oldest first (a missing file has none). */
export function readLog(path: string): LogRecord[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const records: LogRecord[] = [];
  const lines = text.split('\n');
  // The last piece has no newline after it: an append that did not finish, never a whole record.
  for (const line of lines.slice(0, -1)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      break;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) break;
    records.push(parsed as LogRecord);
  }
  return records;
}

function syncDirectory(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Replaces the file with exactly these records (temporary file, fsync, rename, fsync of the folder). */
export function rewriteLog(path: string, records: readonly LogRecord[]): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = `${path}.tmp`;
  const fd = openSync(temporary, 'w', 0o600);
  try {
    writeSync(fd, records.map((record) => `${JSON.stringify(record)}\n`).join(''));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, path);
  syncDirectory(dirname(path));
}

/** An open log that appends durably: append() returns once the record is on disk. */
export class DurableLog {
  private fd: number | null;

  constructor(path: string) {
    this.fd = openSync(path, 'a', 0o600);
  }

  append(record: LogRecord): void {
    if (this.fd === null) throw new Error('the demo venue state file is closed');
    writeSync(this.fd, `${JSON.stringify(record)}\n`);
    fdatasyncSync(this.fd);
  }

  close(): void {
    if (this.fd === null) return;
    closeSync(this.fd);
    this.fd = null;
  }
}
