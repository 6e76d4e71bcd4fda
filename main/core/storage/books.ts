/**
 * The books' key and witness, kept apart from the data folder (in the web runtime a folder beside it; in the desktop
 * app the key is in the OS secure storage). The key seals every record of the books' files (record-chain.ts). The
 * witness remembers, for every chain, how far it had come when it was last written (its record count and last MAC):
 * a cut, an older copy or a deleted file cannot take an acknowledged record away unnoticed, because the witness is
 * not in the folder the same cut reaches. It also remembers when each damage was first seen, so a screen can say
 * "since".
 *
 * The witness file is itself sealed with the key: a witness edited by hand is not trusted (every file is then said
 * to be unwitnessed), never silently believed. A witness gone while the key from an earlier run is still there is
 * said too (the witness is written as soon as a key is made), even when the data folder was wiped with it.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isAbsolute, join, relative, sep } from 'node:path';
import { z } from 'zod';
import { readTextOrMissing, writeFileAtomic } from './atomic-file';
import { ensurePrivateDir } from './private-dir';
import { nodeStorageFs, OPEN_FLAGS, PRIVATE_FILE_MODE, type StorageFs } from './storage-fs';

/** How far a chain had come, as the witness last saw it. */
export interface BookSeal {
  /** Where the file is, relative to the data folder ("/"-separated). */
  readonly name: string;
  readonly role: string;
  readonly generation: number;
  readonly count: number;
  readonly mac: string;
}

/** Where the books' key comes from: a key file (web runtime) or the OS secure storage (desktop app). */
export interface BooksKeySource {
  /**
   * The key, creating it when there is none yet (unless `create` is false: then a missing key throws
   * BooksKeyMissing); `created` is true when it was made now.
   */
  load(create?: boolean): Promise<{ readonly key: Buffer; readonly created: boolean }>;
  /** Says where the key is kept (for the report and the note in Settings), never the key. */
  readonly where: string;
}

/** No books key where one was looked for (a read-only check never makes one). */
export class BooksKeyMissing extends Error {
  constructor(where: string) {
    super(`No books key at ${where}: these books cannot be verified on this PC.`);
    this.name = 'BooksKeyMissing';
  }
}

const sealSchema = z.object({
  name: z.string(),
  role: z.string(),
  generation: z.number().int().nonnegative(),
  count: z.number().int().nonnegative(),
  mac: z.string(),
});
const witnessBody = z.object({
  v: z.literal(1),
  seals: z.record(z.string(), sealSchema),
  seen: z.record(z.string(), z.number()),
  alarms: z.array(z.string()),
});
type WitnessBody = z.infer<typeof witnessBody>;
const witnessFile = z.object({ body: witnessBody, mac: z.string() });

export const WITNESS_FILE = 'books-witness.json';
/**
 * How long a lazy witness may lag the file it follows. Only a crash inside this window followed by a cut of the
 * records written in it goes unseen by the witness (the seals still catch any edit); a clean close flushes it.
 */
export const WITNESS_LAG_MS = 100;
export const KEY_FILE = 'books.key';
const WITNESS_MISSING =
  "The books' witness is gone while their key is not: it was removed, and what it had seen can no longer be checked.";

function bodyMac(key: Buffer, body: WitnessBody): Buffer {
  return createHmac('sha256', key).update(JSON.stringify(body)).digest();
}

/** The key and the witness of one data folder. */
export class Books {
  private body: WitnessBody;
  private writing: Promise<void> | null = null;
  private dirty = false;
  private lagTimer: NodeJS.Timeout | null = null;

  private constructor(
    readonly key: Buffer,
    /** True when the key was made in this run: files from before the books were chained may be adopted. */
    readonly fresh: boolean,
    /** When the key was made, in this run (wall ms), or null: only files last written before it are adopted. */
    readonly createdAt: number | null,
    body: WitnessBody,
    private readonly root: string,
    private readonly witnessPath: string,
    readonly keyWhere: string,
    private readonly fs: StorageFs,
    /** A read-only check (`npm run verify`): nothing is ever written, not even "first seen". */
    private readonly readOnly: boolean,
  ) {
    this.body = body;
  }

  /** Opens the books of the data folder `root`, the witness kept in `witnessDir` (outside `root`). */
  static async open(
    root: string,
    witnessDir: string,
    source: BooksKeySource,
    fs: StorageFs = nodeStorageFs,
    readOnly = false,
  ): Promise<Books> {
    if (!readOnly) await ensurePrivateDir(witnessDir, fs);
    const { key, created } = await source.load(!readOnly);
    const witnessPath = join(witnessDir, WITNESS_FILE);
    const read = await readWitness(witnessPath, key);
    // A key is never without its witness for longer than this write (below), so a key from an earlier run with no
    // witness beside it means the witness was removed: with the data folder wiped too, nothing else would say so.
    const problem = read.problem ?? (read.missing && !created ? WITNESS_MISSING : null);
    // A witness that is not trusted is said from now on, on every start: writing a fresh one must not silence it.
    const body = problem === null ? read.body : { ...read.body, alarms: [...read.body.alarms, problem] };
    const books = new Books(
      key,
      created,
      created ? Date.now() : null,
      body,
      root,
      witnessPath,
      source.where,
      fs,
      readOnly,
    );
    if ((problem !== null || created) && !readOnly) await books.schedule().catch(() => undefined);
    return books;
  }

  /** Why the witness is not trusted (said on every start once found), or null. */
  get witnessAlarms(): readonly string[] {
    return this.body.alarms;
  }

  /** A file's name in the witness: its path under the data folder. */
  nameOf(path: string): string {
    const rel = relative(this.root, path);
    return (rel.startsWith('..') || isAbsolute(rel) ? path : rel).split(sep).join('/');
  }

  sealOf(chainId: string): BookSeal | null {
    return this.body.seals[chainId] ?? null;
  }

  /** Seals recorded for a file name other than the chain now there: what was there before it. */
  sealsNamed(name: string, except: string | null): Array<{ readonly id: string; readonly seal: BookSeal }> {
    return Object.entries(this.body.seals)
      .filter(([id, seal]) => seal.name === name && id !== except)
      .map(([id, seal]) => ({ id, seal }));
  }

  /** Every seal (for `npm run verify`: a witnessed file that is gone is damage too). */
  allSeals(): ReadonlyArray<{ readonly id: string; readonly seal: BookSeal }> {
    return Object.entries(this.body.seals).map(([id, seal]) => ({ id, seal }));
  }

  /**
   * Records how far a chain has come; resolves once the witness is on disk (writes are coalesced). `lazy`: within
   * WITNESS_LAG_MS instead, with whatever else changed by then (the journal's every append would otherwise cost a
   * whole-file write each); `flush` and any write that is not lazy take it at once.
   */
  witness(chainId: string, seal: BookSeal, lazy = false): Promise<void> {
    const held = this.body.seals[chainId];
    if (held !== undefined && held.generation === seal.generation && held.count > seal.count) return Promise.resolve();
    this.body = { ...this.body, seals: { ...this.body.seals, [chainId]: seal } };
    if (!lazy) return this.schedule();
    this.lagTimer ??= setTimeout(() => {
      this.lagTimer = null;
      void this.schedule().catch(() => undefined);
    }, WITNESS_LAG_MS);
    this.lagTimer.unref();
    return Promise.resolve();
  }

  /** Forgets the chains under a folder the app itself removes (a fresh demo venue). */
  forget(folder: string): Promise<void> {
    const prefix = `${this.nameOf(folder)}/`;
    const seals = Object.fromEntries(
      Object.entries(this.body.seals).filter(([, seal]) => !seal.name.startsWith(prefix)),
    );
    this.body = { ...this.body, seals };
    return this.schedule();
  }

  /**
   * The app moved a folder of the books (an address folder adopted into its venue's folder, venue-folder.ts): the
   * seals and first-seen marks of the files under it follow them, so no witnessed file is taken for gone. Written
   * before the move: a crash between the two leaves the move to be done again by the next start, which comes back
   * here and finds nothing left to rename.
   */
  moved(from: string, to: string): Promise<void> {
    const [fromPrefix, toPrefix] = [`${this.nameOf(from)}/`, `${this.nameOf(to)}/`];
    const renamed = (name: string): string =>
      name.startsWith(fromPrefix) ? `${toPrefix}${name.slice(fromPrefix.length)}` : name;
    const seals = Object.fromEntries(
      Object.entries(this.body.seals).map(([id, seal]) => [id, { ...seal, name: renamed(seal.name) }]),
    );
    const seen = Object.fromEntries(Object.entries(this.body.seen).map(([mark, at]) => [renamed(mark), at]));
    this.body = { ...this.body, seals, seen };
    return this.schedule();
  }

  /** When `signature` (a damage) was first seen; records `now` the first time. */
  firstSeen(signature: string, now: number): number {
    const seen = this.body.seen[signature];
    if (seen !== undefined || this.readOnly) return seen ?? now;
    this.body = { ...this.body, seen: { ...this.body.seen, [signature]: now } };
    void this.schedule().catch(() => undefined);
    return now;
  }

  /** Writes what a lazy witness still holds, and waits for every witness write in flight. */
  async flush(): Promise<void> {
    if (this.lagTimer !== null) {
      clearTimeout(this.lagTimer);
      this.lagTimer = null;
      await this.schedule().catch(() => undefined);
    }
    while (this.writing !== null) await this.writing;
  }

  /** Writes the witness (coalesced with any write in flight). */
  schedule(): Promise<void> {
    if (this.readOnly) return Promise.resolve();
    this.dirty = true;
    this.writing ??= this.drain();
    return this.writing;
  }

  private async drain(): Promise<void> {
    try {
      while (this.dirty) {
        this.dirty = false;
        const body = this.body;
        const file = JSON.stringify({ body, mac: bodyMac(this.key, body).toString('hex') });
        await writeFileAtomic(this.witnessPath, file, { fs: this.fs });
      }
    } finally {
      this.writing = null;
    }
  }
}

async function readWitness(
  path: string,
  key: Buffer,
): Promise<{ readonly body: WitnessBody; readonly problem: string | null; readonly missing?: true }> {
  // A missing witness is for the caller to judge: it is expected only beside a key made in this run.
  const empty: WitnessBody = { v: 1, seals: {}, seen: {}, alarms: [] };
  let text: string | null;
  try {
    text = await readTextOrMissing(path);
  } catch (error) {
    return { body: empty, problem: `The books' witness could not be read (${(error as Error).message}).` };
  }
  if (text === null) return { body: empty, problem: null, missing: true };
  let parsed: z.infer<typeof witnessFile>;
  try {
    parsed = witnessFile.parse(JSON.parse(text));
  } catch {
    return { body: empty, problem: "The books' witness is not a file this app wrote." };
  }
  const expected = bodyMac(key, parsed.body);
  const stored = Buffer.from(parsed.mac, 'hex');
  if (stored.length !== expected.length || !timingSafeEqual(stored, expected))
    return { body: empty, problem: "The books' witness was altered: its seal does not match." };
  return { body: parsed.body, problem: null };
}

/** The web runtime's key: a file of its own, 0600, in the witness folder (outside the data folder). */
export function keyFileSource(witnessDir: string, fs: StorageFs = nodeStorageFs): BooksKeySource {
  const path = join(witnessDir, KEY_FILE);
  return {
    where: path,
    async load(create = true) {
      const stored = (await readTextOrMissing(path))?.trim();
      if (stored !== undefined) {
        if (!/^[0-9a-f]{64}$/.test(stored)) throw new Error(`${path} is not a books key this app wrote`);
        return { key: Buffer.from(stored, 'hex'), created: false };
      }
      if (!create) throw new BooksKeyMissing(path);
      const key = randomBytes(32);
      // Created exclusively: a second process starting at the same moment cannot overwrite a key in use.
      const handle = await fs.open(path, OPEN_FLAGS.createNew, PRIVATE_FILE_MODE);
      try {
        await handle.write(Buffer.from(key.toString('hex'), 'latin1'), 0, 64, 0);
        await handle.sync();
      } finally {
        await handle.close();
      }
      return { key, created: true };
    },
  };
}

/** Where the web runtime keeps the books' key and witness for a data folder: beside it, never in it. */
export function defaultWitnessDir(dataDir: string): string {
  return `${dataDir.replace(/[\\/]+$/, '')}.books`;
}

const opened = new Map<string, Promise<Books>>();

/**
 * The books of a data folder, one instance per witness in this process (two instances would each rewrite the
 * witness with only what they saw). Without a witness folder the web runtime's place is used: beside `root`.
 */
export function booksFor(root: string, witnessDir = defaultWitnessDir(root), source?: BooksKeySource): Promise<Books> {
  const held = opened.get(witnessDir);
  if (held !== undefined) return held;
  const opening = Books.open(root, witnessDir, source ?? keyFileSource(witnessDir));
  opened.set(witnessDir, opening);
  // A failed open is not kept: the next caller tries again (the error reaches this one).
  opening.catch(() => opened.delete(witnessDir));
  return opening;
}
