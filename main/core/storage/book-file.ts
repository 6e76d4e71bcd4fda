/**
 * One file of the books (the cashier journal, the shift log, an archived shift, the venue ledger, the event log): a
 * chained log (framed-log.ts, record-chain.ts) checked against the books' witness (books.ts) when it is opened, and
 * witnessed again after every durable write.
 *
 * What opening finds is said, never repaired: a record that does not verify is left out of the payloads and listed,
 * a file cut short of what the witness saw, replaced, swapped or deleted is listed, each with when it was first seen.
 * A torn tail (a crash mid-write) is not damage: the witness only ever records what an fdatasync made durable.
 * A damaged file keeps taking writes (the table and the books keep going), but its witness is frozen: what it saw
 * stays the reference, so the damage is said at every start until a person deals with it.
 */
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { WITNESS_FILE, type Books } from './books';
import { FramedLog } from './framed-log';
import { scanFramedRecords, type FramedScan } from './framed-record';
import { verifyChain, type ChainDamageKind, type ChainHead, type ChainVerdict } from './record-chain';
import { nodeStorageFs, OPEN_FLAGS, openExistingFile, type StorageFs } from './storage-fs';

export type BookDamageKind = ChainDamageKind | 'unwitnessed';

/** One damage found in the books: what, where, since when. */
export interface BookDamage {
  /** The file, relative to the data folder. */
  readonly file: string;
  readonly kind: BookDamageKind;
  /** The record's index in the file (0 = its first), or null for the file as a whole. */
  readonly record: number | null;
  readonly detail: string;
  /** Wall time the app first saw it (ms since epoch). */
  readonly since: number;
  /** The bytes of the record that failed, when there is one: the owner tells which movement or shift it touched. */
  readonly inner: Buffer | null;
}

/** A damage as people are told it: everything but the record's bytes. */
export type BookDamageNote = Omit<BookDamage, 'inner'>;

export const damageNote = ({ inner: _inner, ...note }: BookDamage): BookDamageNote => note;

/** Kinds after which the witness stops following the file (it keeps what it saw, so the damage stays said). */
const FREEZING: ReadonlySet<BookDamageKind> = new Set(['foreign', 'swapped', 'missing', 'unwitnessed']);

export interface BookFileOptions {
  readonly fs?: StorageFs;
  readonly idleSyncMs?: number;
  /** Wall clock (genesis times, "since"); default Date.now. */
  readonly now?: () => number;
  /**
   * Witness appends within `WITNESS_LAG_MS` rather than one whole-file write each (files appended on every movement
   * or event: the journal, the venue ledger, the event log). Creation, compaction and close are witnessed at once.
   */
  readonly lazyWitness?: boolean;
}

export interface BookFile {
  /** Appends records; a durable append is witnessed once it is on disk. Resolves with the last record's seal. */
  append(
    payloads: ReadonlyArray<string | Buffer>,
    options?: { durable?: boolean; onWritten?: () => void },
  ): Promise<string | null>;
  /** Compaction: rewrites the file as the chain's next generation, witnessed before it resolves. */
  rewrite(payloads: Iterable<string | Buffer>): Promise<void>;
  readonly size: number;
  /** The chain's head as last made durable (what a printed summary quotes). */
  head(): ChainHead | null;
  close(): Promise<void>;
}

export interface OpenedBookFile {
  readonly log: BookFile;
  /** Payloads that verified, in file order. */
  readonly payloads: readonly Buffer[];
  /** Each verified payload's MAC (hex), same order. */
  readonly payloadMacs: readonly string[];
  /** Verified payloads after a record that does not verify: possibly copied here with it (record-chain.ts). */
  readonly unanchored: readonly Buffer[];
  readonly damage: readonly BookDamage[];
  readonly created: boolean;
  /** True when the file was written before the books were chained and was sealed now. */
  readonly adopted: boolean;
  /** Bytes of a torn tail cut off at open (a crash mid-write: not damage). */
  readonly tailBytes: number;
}

function describeCount(count: number): string {
  return count === 1 ? '1 record' : `${count} records`;
}

/** What the witness says of a chain as found, beyond what its MACs say. */
function witnessDamage(books: Books, name: string, verdict: ChainVerdict): Array<Omit<BookDamage, 'since' | 'file'>> {
  const found: Array<Omit<BookDamage, 'since' | 'file'>> = [];
  const head = verdict.head;
  for (const { seal } of books.sealsNamed(name, head?.id ?? null))
    found.push({
      kind: 'missing',
      record: null,
      detail: `The file the books witnessed here (${describeCount(seal.count)}) is gone; another was put in its place.`,
      inner: null,
    });
  if (head === null) return found;
  const seal = books.sealOf(head.id);
  if (seal === null) {
    if (head.count > 1)
      found.push({
        kind: 'unwitnessed',
        record: null,
        detail: 'The books never witnessed this file: it was copied in, or their witness was removed.',
        inner: null,
      });
    return found;
  }
  const from = verdict.genesis?.from ?? null;
  const sameGeneration = seal.generation === head.generation;
  const compactedSince =
    seal.generation === head.generation - 1 && from !== null && (from.count > seal.count || from.mac === seal.mac);
  if (sameGeneration && head.count < seal.count)
    found.push({
      kind: 'missing',
      record: head.count,
      detail:
        `${describeCount(seal.count - head.count)} the books witnessed are missing from the end: ` +
        'the file was cut or is an older copy.',
      inner: null,
    });
  else if (sameGeneration && verdict.macs[seal.count - 1] !== seal.mac)
    found.push({
      kind: 'missing',
      record: seal.count - 1,
      detail: 'The file is not the one the books witnessed: it was replaced by another copy.',
      inner: null,
    });
  else if (!sameGeneration && !compactedSince)
    found.push({
      kind: 'missing',
      record: null,
      detail: 'The file is an older or other copy than the one the books witnessed.',
      inner: null,
    });
  return found;
}

/** Every damage of a file as opened or read: its chain, its unreadable bytes, its witness. Records "since". */
function assess(
  books: Books,
  name: string,
  scan: FramedScan,
  verdict: ChainVerdict,
  adopted: boolean,
  now: number,
): BookDamage[] {
  const found: Array<Omit<BookDamage, 'since' | 'file'>> = [...verdict.damage];
  if (scan.damagedRegions > 0)
    found.push({
      kind: 'unreadable',
      record: null,
      detail:
        `${scan.damagedRegions === 1 ? 'A stretch' : `${scan.damagedRegions} stretches`} of the file ` +
        `(${scan.damagedBytes} bytes) cannot be read.`,
      inner: null,
    });
  if (verdict.unchained && !adopted)
    found.push({
      kind: 'foreign',
      record: null,
      detail: 'The file carries no seals: this app did not write it.',
      inner: null,
    });
  if (!verdict.unchained) found.push(...witnessDamage(books, name, verdict));
  return found.map((damage) => ({
    ...damage,
    file: name,
    since: books.firstSeen(`${name}#${damage.kind}#${damage.record ?? '-'}`, now),
  }));
}

/** Whether the file at `path` was last written no later than `at` (a missing file: nothing to adopt anyway). */
async function writtenBefore(path: string, at: number | null): Promise<boolean> {
  if (at === null) return false;
  return stat(path).then(
    (found) => found.mtimeMs <= at,
    () => true,
  );
}

/** Opens (creating durably if absent) one file of the books, `role` naming what it is. */
export async function openBookFile(
  path: string,
  role: string,
  books: Books,
  options: BookFileOptions = {},
): Promise<OpenedBookFile> {
  const now = options.now ?? Date.now;
  const name = books.nameOf(path);
  // Adopt a file from before the chain only when nothing ever witnessed a file here, the key is new, and the file was
  // last written before the key was made (an unsealed file that appears later in this first run is not adopted).
  const adoptable =
    books.fresh && books.sealsNamed(name, null).length === 0 && (await writtenBefore(path, books.createdAt));
  const opened = await FramedLog.open(path, {
    fs: options.fs,
    idleSyncMs: options.idleSyncMs,
    chain: { key: books.key, role, adoptUnchained: adoptable, now },
  });
  const verdict = opened.chain as ChainVerdict;
  const adopted = verdict.unchained && adoptable;
  const damage = assess(books, name, opened.scan, verdict, adopted, now());
  const frozen = damage.some((entry) => FREEZING.has(entry.kind));
  const log = opened.log;
  const witness = async (lazy = false): Promise<void> => {
    const head = log.durableHead();
    if (frozen || head === null) return;
    const seal = { name, role, generation: head.generation, count: head.count, mac: head.mac };
    await books.witness(head.id, seal, lazy);
  };
  // A new chain is witnessed before anything is appended to it: a file with records and no witness is then damage.
  if (opened.created || adopted || verdict.head === null) await witness();
  else void witness().catch(() => undefined);
  return {
    log: {
      async append(payloads, appendOptions) {
        const seal = await log.append(payloads, appendOptions);
        // The record is on disk; the witness follows without holding the caller (it only ever lags).
        if (appendOptions?.durable !== false) void witness(options.lazyWitness === true).catch(() => undefined);
        return seal;
      },
      async rewrite(payloads) {
        await log.rewrite(payloads);
        await witness();
      },
      get size() {
        return log.size;
      },
      head: () => log.durableHead(),
      async close() {
        await log.close();
        await books.flush();
      },
    },
    // Records that carry no seals are trusted only when adopted (the first run that chains the books).
    payloads: verdict.unchained && !adopted ? [] : opened.scan.records,
    payloadMacs: verdict.unchained ? [] : verdict.payloadMacs,
    unanchored: verdict.unanchored,
    damage,
    created: opened.created,
    adopted,
    tailBytes: opened.scan.tailBytes,
  };
}

/** Reads one file of the books without opening it for writing (inspection, exports). A missing file reads empty. */
export async function readBookFile(
  path: string,
  role: string,
  books: Books,
  options: { readonly fs?: StorageFs; readonly now?: () => number } = {},
): Promise<{
  readonly payloads: readonly Buffer[];
  readonly payloadMacs: readonly string[];
  readonly unanchored: readonly Buffer[];
  readonly damage: readonly BookDamage[];
  readonly head: ChainHead | null;
  readonly tailBytes: number;
}> {
  const fs = options.fs ?? nodeStorageFs;
  const handle = await openExistingFile(fs, path, OPEN_FLAGS.read);
  const data = handle === null ? Buffer.alloc(0) : await handle.readFile().finally(() => handle.close());
  const scan = scanFramedRecords(data);
  const verdict = verifyChain(scan.records, books.key, role);
  // A file that was never chained reads as before only in the run that first chains the books (nothing witnessed).
  const legacy =
    verdict.unchained &&
    books.fresh &&
    books.sealsNamed(books.nameOf(path), null).length === 0 &&
    (await writtenBefore(path, books.createdAt));
  const damage = assess(books, books.nameOf(path), scan, verdict, legacy, (options.now ?? Date.now)());
  const payloads = verdict.unchained && !legacy ? [] : verdict.payloads;
  const { payloadMacs, unanchored, head } = verdict;
  return { payloads, payloadMacs, unanchored, damage, head, tailBytes: scan.tailBytes };
}

/**
 * A book file that could not be opened (its disk full at the very first start, its folder unreadable): it takes no
 * record, and every append says why. Its owner carries on and says so, rather than end the app.
 */
export function unopenedBookFile(reason: string): BookFile {
  const refused = (): Promise<never> => Promise.reject(new Error(reason));
  return { append: refused, rewrite: refused, size: 0, head: () => null, close: async () => undefined };
}

/** The short name of a damaged file, for a sentence. */
export const bookFileLabel = (damage: BookDamage): string => basename(damage.file);

/**
 * What the witness says of itself (removed while its key was kept, altered, unreadable) as damage of the books, so
 * the screen says it too and not only `npm run verify`: with the data folder wiped as well, nothing else would.
 */
export function witnessAlarmDamage(books: Books, now: number): BookDamage[] {
  return books.witnessAlarms.map((alarm) => ({
    file: WITNESS_FILE,
    kind: 'unwitnessed',
    record: null,
    detail: alarm,
    since: books.firstSeen(`${WITNESS_FILE}#${alarm}`, now),
    inner: null,
  }));
}
