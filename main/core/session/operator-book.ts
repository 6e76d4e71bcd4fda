/**
 * The operators who may work the cage, and every PIN tried: a sealed file of the books (`cashier-operators.log`,
 * storage/book-file.ts), so neither an enrolment nor a failure count can be edited, reset or deleted unseen. Only a
 * salted scrypt hash of each PIN is kept.
 *
 * - The first operator set up is the manager; after that a name is enrolled only by the manager (with the manager's
 *   PIN), never claimed by typing it. Operators from the earlier `operator-pins.json` are taken in once, the first of
 *   them as the manager (the first operator that venue set up).
 * - Wrong PINs are counted per name tried, until that name's next right PIN: from the 6th a growing wait (2, 4, 8 …
 *   seconds, at most 5 minutes) in which every try is refused unchecked, and at the 10th a lock only the manager lifts.
 *   The manager's own lock ends by itself an hour after the last wrong PIN (nobody else could lift it, and anyone can
 *   type the manager's name): one try then, and a wrong one locks for another hour.
 * - Waits and locks are lengths of time on the process's order clock (monotonic), never two readings of the wall
 *   clock: a step of the PC's clock neither locks the manager out for a day nor ends an hour's lock at once. Failures
 *   read from the file at start (an earlier process) count from their wall time, never from the future: a record
 *   dated after now (the clock was put back) starts its wait afresh at start.
 * - Every failure, lock, unlock and enrolment is reported (`onEvent`) with the name tried and never the PIN.
 * - Damaged books (the file altered, cut or gone) check no PIN at all: nobody is let in on a forged reading.
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { z } from 'zod';
import { venueNameKey } from '../../../preload/contract/player-name';
import { damageNote, openBookFile, unopenedBookFile, type BookDamageNote, type BookFile } from '../storage/book-file';
import type { Books } from '../storage/books';

const scrypt = promisify(scryptCallback) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;

export const OPERATOR_BOOK_FILE = 'cashier-operators.log';
export const OPERATOR_BOOK_ROLE = 'cashier-operators';
/** The file of earlier versions (a name's first PIN became its own), taken in once. */
export const LEGACY_PINS_FILE = 'operator-pins.json';
const HASH_BYTES = 32;
/** Wrong PINs before each try must wait, and before the name locks. */
export const PIN_WAIT_AFTER = 5;
export const PIN_LOCK_AT = 10;
const MAX_WAIT_MS = 5 * 60_000;
/** How long the manager's lock lasts after each wrong PIN from the 10th on (see the comment at the top). */
export const MANAGER_LOCK_MS = 60 * 60_000;

const recordSchema = z.discriminatedUnion('t', [
  z.object({
    t: z.literal('enrol'),
    name: z.string(),
    salt: z.string(),
    hash: z.string(),
    manager: z.boolean(),
    by: z.string().nullable(),
    at: z.number(),
  }),
  z.object({ t: z.literal('fail'), name: z.string(), at: z.number() }),
  z.object({ t: z.literal('ok'), name: z.string(), at: z.number() }),
  z.object({ t: z.literal('unlock'), name: z.string(), by: z.string(), at: z.number() }),
]);
type BookRecord = z.infer<typeof recordSchema>;

interface Operator {
  readonly name: string;
  readonly salt: string;
  readonly hash: string;
  readonly manager: boolean;
}

interface Tries {
  failures: number;
  /** When the last wrong PIN was tried, on the order clock (`BookClock.elapsed`). */
  lastFailureElapsed: number;
}

/** The book's two clocks: the wall clock for what people read, the order clock for every wait and lock. */
export interface BookClock {
  /** Wall time (ms since the epoch), stamped on records. */
  wall(): number;
  /** Order time (ms): never decreases, and a step of the wall clock does not move it. */
  elapsed(): number;
}

export type OperatorEventKind = 'pin-failed' | 'pin-locked' | 'pin-unlocked' | 'operator-enrolled';

export interface OperatorEvent {
  readonly kind: OperatorEventKind;
  /** The name tried (as typed), or the operator enrolled or unlocked. */
  readonly operator: string;
  readonly text: string;
}

export type PinVerdict = { readonly ok: true; readonly name: string } | { readonly ok: false; readonly reason: string };

/** How long the next try after `failures` wrong PINs must wait (0 before the 6th). */
export function waitAfter(failures: number): number {
  if (failures < PIN_WAIT_AFTER) return 0;
  return Math.min(MAX_WAIT_MS, 1000 * 2 ** (failures - PIN_WAIT_AFTER + 1));
}

const seconds = (ms: number): string => {
  const whole = Math.ceil(ms / 1000);
  return whole >= 60 ? `${Math.ceil(whole / 60)} min` : `${whole} s`;
};

export class OperatorBook {
  private readonly operators = new Map<string, Operator>();
  private readonly tries = new Map<string, Tries>();
  /** One check at a time: a burst of guesses is counted one by one, in order. */
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly file: BookFile,
    readonly damage: readonly BookDamageNote[],
    private readonly clock: BookClock,
    private readonly onEvent: (event: OperatorEvent) => void,
    /** Why the book could not be opened at all, or null. */
    private readonly unopened: string | null = null,
  ) {}

  /**
   * Opens the book in `dataDir`. One that cannot be opened (no books, a full disk at the first start) checks no PIN:
   * it says why on every try, and the app carries on.
   */
  static async open(
    dataDir: string,
    books: Books | Error,
    clock: BookClock,
    onEvent: (event: OperatorEvent) => void = () => undefined,
  ): Promise<OperatorBook> {
    const opened = await (
      books instanceof Error
        ? Promise.reject(books)
        : openBookFile(join(dataDir, OPERATOR_BOOK_FILE), OPERATOR_BOOK_ROLE, books, { now: clock.wall })
    ).catch((error: unknown) => error as Error);
    if (opened instanceof Error) {
      const reason = `The operator records could not be opened (${opened.message}).`;
      const note = {
        file: OPERATOR_BOOK_FILE,
        kind: 'unreadable' as const,
        record: null,
        detail: reason,
        since: clock.wall(),
      };
      return new OperatorBook(unopenedBookFile(reason), [note], clock, onEvent, reason);
    }
    const book = new OperatorBook(opened.log, opened.damage.map(damageNote), clock, onEvent);
    const [wallAtOpen, elapsedAtOpen] = [clock.wall(), clock.elapsed()];
    for (const payload of opened.payloads) {
      const record = parseRecord(payload);
      // An earlier process's record: as long ago as its wall time says, and never later than now.
      if (record !== null) book.apply(record, elapsedAtOpen - Math.max(0, wallAtOpen - record.at));
    }
    if (opened.created && opened.damage.length === 0) await book.takeInLegacy(dataDir);
    return book;
  }

  /** Whether any operator is enrolled (none: the first one set up becomes the manager). */
  get empty(): boolean {
    return this.operators.size === 0;
  }

  /** The enrolled operators' names and who the manager is (never a hash). */
  list(): ReadonlyArray<{ readonly name: string; readonly manager: boolean; readonly locked: boolean }> {
    return [...this.operators.values()].map((operator) => ({
      name: operator.name,
      manager: operator.manager,
      locked: this.lockedUntil(venueNameKey(operator.name)) !== null,
    }));
  }

  /** Checks `pin` for `name` under the limits; with no operator yet, `enrolFirst` makes this one the manager. */
  check(name: string, pin: string | undefined, enrolFirst = false): Promise<PinVerdict> {
    return this.serial(() => this.checkNow(name, pin, enrolFirst));
  }

  /** The manager (proving their PIN) enrols `name` with `pin`. */
  enrol(manager: string, managerPin: string, name: string, pin: string): Promise<PinVerdict> {
    return this.serial(async () => {
      const proof = await this.managerProof(manager, managerPin);
      if (!proof.ok) return proof;
      if (this.operators.has(venueNameKey(name))) return { ok: false, reason: `${name.trim()} is enrolled already.` };
      await this.write(await enrolment(name, pin, false, proof.name, this.clock.wall()));
      this.onEvent({
        kind: 'operator-enrolled',
        operator: name.trim(),
        text: `${proof.name} enrolled ${name.trim()}.`,
      });
      return { ok: true, name: name.trim() };
    });
  }

  /** The manager (proving their PIN) lifts the lock on `name`. */
  unlock(manager: string, managerPin: string, name: string): Promise<PinVerdict> {
    return this.serial(async () => {
      const proof = await this.managerProof(manager, managerPin);
      if (!proof.ok) return proof;
      const operator = this.operators.get(venueNameKey(name));
      if (operator === undefined) return { ok: false, reason: `${name.trim()} is not an enrolled operator.` };
      await this.write({ t: 'unlock', name: operator.name, by: proof.name, at: this.clock.wall() });
      this.onEvent({ kind: 'pin-unlocked', operator: operator.name, text: `${proof.name} unlocked ${operator.name}.` });
      return { ok: true, name: operator.name };
    });
  }

  close(): Promise<void> {
    return this.file.close();
  }

  private serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async managerProof(manager: string, pin: string): Promise<PinVerdict> {
    const verdict = await this.checkNow(manager, pin, false);
    if (!verdict.ok) return verdict;
    if (this.operators.get(venueNameKey(manager))?.manager !== true)
      return { ok: false, reason: `${verdict.name} is not the manager: only the manager enrols and unlocks.` };
    return verdict;
  }

  private async checkNow(name: string, pin: string | undefined, enrolFirst: boolean): Promise<PinVerdict> {
    if (this.unopened !== null) return { ok: false, reason: `${this.unopened} No PIN can be checked.` };
    if (this.damage.length > 0)
      return { ok: false, reason: 'The operator records on this PC are damaged: no PIN can be checked.' };
    if (pin === undefined || pin === '') return { ok: false, reason: `Type ${name.trim()}'s PIN.` };
    const key = venueNameKey(name);
    const operator = this.operators.get(key);
    if (operator === undefined && this.operators.size === 0 && enrolFirst) {
      await this.write(await enrolment(name, pin, true, null, this.clock.wall()));
      this.onEvent({
        kind: 'operator-enrolled',
        operator: name.trim(),
        text: `${name.trim()} was set up as the first operator, the manager.`,
      });
      return { ok: true, name: name.trim() };
    }
    const refused = this.refusedUnchecked(key, name);
    if (refused !== null) return refused;
    const right = operator !== undefined && (await pinMatches(operator, pin));
    if (right) {
      if ((this.tries.get(key)?.failures ?? 0) > 0)
        await this.write({ t: 'ok', name: operator.name, at: this.clock.wall() });
      return { ok: true, name: operator.name };
    }
    return this.failed(key, name, operator === undefined);
  }

  /** A try refused without looking at the PIN: the name is locked, or its wait is not over. */
  private refusedUnchecked(key: string, name: string): PinVerdict | null {
    const tries = this.tries.get(key);
    if (tries === undefined) return null;
    if (tries.failures >= PIN_LOCK_AT) {
      const until = this.lockedUntil(key);
      if (until !== null) return { ok: false, reason: this.lockedWords(key, name.trim(), until) };
      return null;
    }
    const wait = tries.lastFailureElapsed + waitAfter(tries.failures) - this.clock.elapsed();
    if (wait > 0) return { ok: false, reason: `Too many wrong PINs for ${name.trim()}: wait ${seconds(wait)}.` };
    return null;
  }

  private async failed(key: string, name: string, unknown: boolean): Promise<PinVerdict> {
    const shown = name.trim();
    await this.write({ t: 'fail', name: shown, at: this.clock.wall() });
    const failures = this.tries.get(key)?.failures ?? 1;
    this.onEvent({ kind: 'pin-failed', operator: shown, text: `Wrong PIN for ${shown} (${failures} in a row).` });
    if (failures >= PIN_LOCK_AT) {
      this.onEvent({ kind: 'pin-locked', operator: shown, text: `${shown} is locked after ${failures} wrong PINs.` });
      return { ok: false, reason: this.lockedWords(key, shown, this.lockedUntil(key)) };
    }
    const left = PIN_LOCK_AT - failures;
    const wait = waitAfter(failures);
    const who = unknown ? `${shown} is not an enrolled operator, or the PIN is wrong` : `Wrong PIN for ${shown}`;
    const next = wait > 0 ? ` Wait ${seconds(wait)} before the next try.` : '';
    return { ok: false, reason: `${who}. ${left} ${left === 1 ? 'try' : 'tries'} left before a lock.${next}` };
  }

  /**
   * When `key`'s lock ends, on the order clock: never (Infinity) for an operator, an hour after the last failure for
   * the manager; null when it is not locked.
   */
  private lockedUntil(key: string): number | null {
    const tries = this.tries.get(key);
    if (tries === undefined || tries.failures < PIN_LOCK_AT) return null;
    if (this.operators.get(key)?.manager !== true) return Infinity;
    const until = tries.lastFailureElapsed + MANAGER_LOCK_MS;
    return until > this.clock.elapsed() ? until : null;
  }

  private lockedWords(key: string, shown: string, until: number | null): string {
    const locked = `${shown} is locked after ${this.tries.get(key)?.failures ?? PIN_LOCK_AT} wrong PINs`;
    if (until === null || until === Infinity) return `${locked}: the manager can unlock.`;
    return `${locked}: the manager's lock ends by itself in ${seconds(until - this.clock.elapsed())}.`;
  }

  private async write(record: BookRecord): Promise<void> {
    await this.file.append([JSON.stringify(record)], { durable: true });
    this.apply(record, this.clock.elapsed());
  }

  /** Takes in `record`, which happened at `elapsedAt` on the order clock. */
  private apply(record: BookRecord, elapsedAt: number): void {
    const key = venueNameKey(record.name);
    if (record.t === 'enrol') {
      const { name, salt, hash, manager } = record;
      this.operators.set(key, { name, salt, hash, manager });
    } else if (record.t === 'fail') {
      const failures = (this.tries.get(key)?.failures ?? 0) + 1;
      this.tries.set(key, { failures, lastFailureElapsed: elapsedAt });
    } else this.tries.delete(key);
  }

  /** Operators of `operator-pins.json` (earlier versions), in the order they were set up: the first is the manager. */
  private async takeInLegacy(dataDir: string): Promise<void> {
    const entries = await readLegacy(join(dataDir, LEGACY_PINS_FILE));
    let first = true;
    for (const [name, entry] of entries) {
      await this.write({ t: 'enrol', name, salt: entry.salt, hash: entry.hash, manager: first, by: null, at: 0 });
      first = false;
    }
  }
}

function parseRecord(payload: Buffer): BookRecord | null {
  try {
    const parsed = recordSchema.safeParse(JSON.parse(payload.toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

async function enrolment(name: string, pin: string, manager: boolean, by: string | null, at: number) {
  const salt = randomBytes(16);
  const hash = await scrypt(pin, salt, HASH_BYTES);
  const record: BookRecord = {
    t: 'enrol',
    name: name.trim(),
    salt: salt.toString('hex'),
    hash: hash.toString('hex'),
    manager,
    by,
    at,
  };
  return record;
}

async function pinMatches(operator: Operator, pin: string): Promise<boolean> {
  const hash = await scrypt(pin, Buffer.from(operator.salt, 'hex'), HASH_BYTES);
  const stored = Buffer.from(operator.hash, 'hex');
  return stored.length === hash.length && timingSafeEqual(stored, hash);
}

const legacyEntry = z.object({ salt: z.string().regex(/^[0-9a-f]{32}$/), hash: z.string().regex(/^[0-9a-f]{64}$/) });

/** The entries of an earlier `operator-pins.json` (name key -> salt and hash), or none when absent or unreadable. */
async function readLegacy(path: string): Promise<Array<[string, z.infer<typeof legacyEntry>]>> {
  try {
    const raw = JSON.parse(await readFile(path, 'utf8')) as { v?: unknown; operators?: unknown };
    if (raw.v !== 1 || typeof raw.operators !== 'object' || raw.operators === null) return [];
    return Object.entries(raw.operators).flatMap(([name, value]) => {
      const entry = legacyEntry.safeParse(value);
      return entry.success ? [[name, entry.data] as [string, z.infer<typeof legacyEntry>]] : [];
    });
  } catch {
    return [];
  }
}
