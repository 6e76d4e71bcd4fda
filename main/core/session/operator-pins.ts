/**
 * Operator PINs, for a venue that asks for one when a shift opens (Settings). Only a salted scrypt hash of each PIN
 * is kept, in `operator-pins.json` in the data folder (0600, written atomically): the first PIN an operator gives
 * becomes theirs, later openings must give the same one. Names compare as the venue compares names (case-blind,
 * spaces collapsed, NFKC), so "ana " and "Ana" are one operator.
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { z } from 'zod';
import { venueNameKey } from '../../../preload/contract/player-name';
import { writeFileAtomic } from '../storage/atomic-file';
import { ensurePrivateDir } from '../storage/private-dir';

const scrypt = promisify(scryptCallback) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;

export const OPERATOR_PINS_FILE = 'operator-pins.json';
const HASH_BYTES = 32;

const entrySchema = z.object({ salt: z.string().regex(/^[0-9a-f]{32}$/), hash: z.string() });
type PinEntry = z.infer<typeof entrySchema>;
// The operators are read entry by entry into a Map (not through z.record, which drops a key named "__proto__"), so
// every name, whatever it spells, is an entry of its own.
const fileSchema = z.object({ v: z.literal(1), operators: z.looseObject({}) });

/** The operators' entries by name key, or null when any part of the file is not what this class writes. */
function readOperators(raw: unknown): Map<string, PinEntry> | null {
  const file = fileSchema.safeParse(raw);
  if (!file.success) return null;
  const operators = new Map<string, PinEntry>();
  for (const [name, value] of Object.entries((raw as { operators: object }).operators)) {
    const entry = entrySchema.safeParse(value);
    if (!entry.success) return null;
    operators.set(name, entry.data);
  }
  return operators;
}

export type PinCheck = { readonly ok: true } | { readonly ok: false; readonly reason: string };

export class OperatorPins {
  private readonly path: string;
  /** One check at a time: two first openings of one name must not both enrol. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly dataDir: string) {
    this.path = join(dataDir, OPERATOR_PINS_FILE);
  }

  /** Whether `pin` is the operator's (enrolling it when the operator has none yet). */
  check(operator: string, pin: string | undefined): Promise<PinCheck> {
    const run = this.queue.then(() => this.checkNow(operator, pin));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async checkNow(operator: string, pin: string | undefined): Promise<PinCheck> {
    if (pin === undefined || pin === '')
      return { ok: false, reason: 'This venue asks for the operator PIN to open a shift.' };
    const operators = await this.load();
    const name = venueNameKey(operator);
    // A Map: an operator called "Constructor" or "__proto__" never finds Object's members.
    const known = operators.get(name);
    if (known === undefined) {
      const salt = randomBytes(16);
      const hash = await scrypt(pin, salt, HASH_BYTES);
      operators.set(name, { salt: salt.toString('hex'), hash: hash.toString('hex') });
      // Object.fromEntries defines own properties, so "__proto__" is written as a name like any other.
      const next = { v: 1, operators: Object.fromEntries(operators) };
      await ensurePrivateDir(this.dataDir);
      await writeFileAtomic(this.path, `${JSON.stringify(next)}\n`, { mode: 0o600 });
      return { ok: true };
    }
    const hash = await scrypt(pin, Buffer.from(known.salt, 'hex'), HASH_BYTES);
    const stored = Buffer.from(known.hash, 'hex');
    if (stored.length === hash.length && timingSafeEqual(stored, hash)) return { ok: true };
    return { ok: false, reason: `Wrong PIN for ${operator.trim()}. Nothing was opened.` };
  }

  private async load(): Promise<Map<string, PinEntry>> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Map();
      throw error;
    }
    let raw: unknown = null;
    try {
      raw = JSON.parse(text);
    } catch {
      // A torn file is damaged like a malformed one (below), in the same words.
    }
    const operators = readOperators(raw);
    // A damaged file must not let anyone enrol a new PIN over a colleague's: refuse until it is repaired or removed.
    if (operators === null) throw new Error(`${this.path} is damaged: remove it to enrol the operators' PINs again.`);
    return operators;
  }
}
