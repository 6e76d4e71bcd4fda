/**
 * The significant events of the cage, in a chained file of the books (`cashier-events.log` in the data folder,
 * sealed and witnessed like the journal: storage/book-file.ts): key or address changed, access withdrawn and
 * restored, the money mode changed, a start and its recovery, a clock step, a full disk, damage found, PIN failures
 * and locks, settings changed. Read in the app beside the shift and exported as its own CSV; written in order, each
 * after the one before it is on disk. A failed write (a full disk) is said in the log's next entry, never a crash.
 */
import { join } from 'node:path';
import type { EventLogEntry } from '../../../preload/contract';
import { localIso } from '../../../preload/contract/local-time';
import { csvCell } from '../cashier';
import { damageNote, openBookFile, unopenedBookFile, type BookDamageNote, type BookFile } from '../storage/book-file';
import type { Books } from '../storage/books';

export const EVENT_LOG_FILE = 'cashier-events.log';
export const EVENT_LOG_ROLE = 'cashier-events';
/** Entries the screen is sent (newest first); the file keeps every one. */
const SHOWN = 50;

export type EventKind = EventLogEntry['kind'];

interface StoredEvent {
  readonly v: 1;
  readonly at: number;
  readonly kind: EventKind;
  readonly text: string;
  readonly operator: string | null;
}

function parse(payload: Buffer): StoredEvent | null {
  try {
    const value = JSON.parse(payload.toString('utf8')) as Partial<StoredEvent> | null;
    if (value?.v !== 1 || typeof value.at !== 'number' || typeof value.kind !== 'string') return null;
    if (typeof value.text !== 'string') return null;
    return { v: 1, at: value.at, kind: value.kind, text: value.text, operator: value.operator ?? null };
  } catch {
    return null;
  }
}

export class EventLog {
  private writing: Promise<unknown> = Promise.resolve();
  private unsaved = 0;

  private constructor(
    private readonly file: BookFile,
    private readonly entries: StoredEvent[],
    /** What the books found wrong with the event log itself at open. */
    readonly damage: readonly BookDamageNote[],
    private readonly wall: () => number,
    private readonly onChange: () => void,
  ) {}

  /**
   * Opens the log in `dataDir`; without books (they could not be opened) or without its file (a full disk at the
   * first start), a log that keeps this run's events on screen, each marked not saved.
   */
  static async open(
    dataDir: string,
    books: Books | Error,
    wall: () => number,
    onChange: () => void,
  ): Promise<EventLog> {
    const opened = await (
      books instanceof Error
        ? Promise.reject(books)
        : openBookFile(join(dataDir, EVENT_LOG_FILE), EVENT_LOG_ROLE, books, { now: wall, lazyWitness: true })
    ).catch((error: unknown) => error as Error);
    if (opened instanceof Error) {
      const reason = `The event log could not be opened (${opened.message}).`;
      const note = { file: EVENT_LOG_FILE, kind: 'unreadable' as const, record: null, detail: reason, since: wall() };
      return new EventLog(unopenedBookFile(reason), [], [note], wall, onChange);
    }
    const entries = opened.payloads.map(parse).filter((entry): entry is StoredEvent => entry !== null);
    return new EventLog(opened.log, entries, opened.damage.map(damageNote), wall, onChange);
  }

  /** Writes one event (after every earlier one); never throws: a write the disk refused is counted and said. */
  record(kind: EventKind, text: string, operator: string | null = null): Promise<void> {
    const note =
      this.unsaved === 0 ? '' : ` (${this.unsaved} earlier ${this.unsaved === 1 ? 'event' : 'events'} not saved)`;
    const entry: StoredEvent = { v: 1, at: this.wall(), kind, text: `${text}${note}`, operator };
    this.entries.push(entry);
    this.onChange();
    const write = this.writing.then(async () => {
      try {
        await this.file.append([JSON.stringify(entry)], { durable: true });
        this.unsaved = 0;
      } catch {
        this.unsaved += 1;
      }
    });
    this.writing = write;
    return write;
  }

  /** The latest entries, newest first. */
  recent(): readonly EventLogEntry[] {
    return this.entries
      .slice(-SHOWN)
      .reverse()
      .map(({ at, kind, text, operator }) => ({ at, kind, text, operator }));
  }

  /** Every entry between two wall times (inclusive), or all, as one CSV table with ISO 8601 times. */
  csv(from: number | null = null, to: number | null = null): string {
    const rows = this.entries.filter((entry) => (from === null || entry.at >= from) && (to === null || entry.at <= to));
    const lines = ['time,event,operator,what', ...rows.map((entry) => eventRow(entry))];
    return `${lines.join('\r\n')}\r\n`;
  }

  async close(): Promise<void> {
    await this.writing;
    await this.file.close();
  }
}

const eventRow = (entry: StoredEvent): string =>
  [localIso(entry.at), entry.kind, entry.operator ?? '', entry.text].map((cell) => csvCell(cell)).join(',');
