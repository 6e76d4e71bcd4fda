/**
 * Where a venue's journal, live cache and history live: a folder per VENUE (its `venue_id` from GET /key), not per
 * address text, so changing how the venue is reached never orphans unfinished movements. Layout under the data
 * folder:
 *
 *   venues/v-<sha256(venue_id)>/   the venue's folder (venue.json names the venue)
 *   venues/demo/                   the built-in demo venue (kept with the demo venue's own state in demo-venue/;
 *                                  wiped with it when a fresh demo starts: session.ts)
 *   venues/<sha256(address)>/      an address not yet identified (the layout of earlier versions, too): adopted,
 *                                  i.e. renamed into the venue's folder, the first time GET /key names its venue
 *   venues/addresses.json          address hash -> venue_id, so a start while GET /key fails finds the folder
 */
import { createHash } from 'node:crypto';
import { readFile, readdir, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { JOURNAL_FILE, LOCK_FILE, recoverJournal } from '../cashier/journal';
import { acquireLock } from '../cashier/lock';
import { SETTLED_STATES } from '../cashier/types';
import { writeFileAtomic } from '../storage/atomic-file';
import type { Books } from '../storage/books';
import { fsyncDirectory } from '../storage/fsync-dir';
import { ensurePrivateDir } from '../storage/private-dir';

const VENUE_FILE = 'venue.json';
const ADDRESSES_FILE = 'addresses.json';
const CASHIER_DIR = 'cashier';

const sha16 = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 16);

/**
 * The legacy folder of an address (earlier versions kept every venue's journal here; now only until the address's
 * venue is known, then it is adopted into the venue's folder).
 */
export function legacyAddressFolder(dataDir: string, baseUrl: string): string {
  return join(dataDir, 'venues', sha16(baseUrl));
}

/**
 * The client's folder for the built-in demo venue (its journal, live cache, history): wiped with the demo venue's own
 * state when a fresh demo starts.
 */
export function demoJournalFolder(dataDir: string): string {
  return join(dataDir, 'venues', 'demo');
}

/** The folder of a venue, keyed on its venue_id. */
export function venueIdFolder(dataDir: string, venueId: string): string {
  return join(dataDir, 'venues', `v-${sha16(venueId)}`);
}

export interface VenuePlace {
  readonly dir: string;
  /** null while the address's venue is not known yet (the address folder is used until it is). */
  readonly venueId: string | null;
  /**
   * Whether GET /key named this venue now. False when it failed and the folder is the venue last seen at this
   * address: the address (or the key) may now open another venue, whose idempotency keys are its own, so nothing
   * from this folder may be sent until GET /key confirms the venue (session/venue-check.ts).
   */
  readonly confirmed: boolean;
}

async function readAddresses(path: string): Promise<Record<string, string>> {
  try {
    const parsed = JSON.parse(await readFile(path, 'utf8')) as unknown;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  } catch {
    return {};
  }
}

async function exists(path: string): Promise<boolean> {
  return readdir(path).then(
    () => true,
    () => false,
  );
}

/**
 * Finds (and prepares) the folder for the venue at `baseUrl`. `identify` asks GET /key which venue the key opens;
 * when it fails, the venue last seen at this address is used; when none was ever seen, the address folder. `books`:
 * the books of `dataDir`, whose witness follows an adopted folder.
 */
export async function placeVenue(
  dataDir: string,
  baseUrl: string,
  demo: boolean,
  identify: () => Promise<string | null>,
  books?: Books,
): Promise<VenuePlace> {
  // The data folder itself first: one another user owns or may write into is refused before anything is read.
  await ensurePrivateDir(dataDir);
  const venues = join(dataDir, 'venues');
  if (demo) return { dir: demoJournalFolder(dataDir), venueId: 'demo', confirmed: true };
  await ensurePrivateDir(venues);
  const addressHash = sha16(baseUrl);
  const addresses = await readAddresses(join(venues, ADDRESSES_FILE));
  const named = await identify().catch(() => null);
  const venueId = named ?? addresses[addressHash] ?? null;
  if (venueId === null) return { dir: legacyAddressFolder(dataDir, baseUrl), venueId: null, confirmed: false };
  const dir = venueIdFolder(dataDir, venueId);
  const fromAddress = legacyAddressFolder(dataDir, baseUrl);
  if (!(await exists(dir)) && (await exists(fromAddress))) {
    // Adopt what was kept under the address (its journal, live cache, history): it was this venue's. Never from
    // under a process that has its journal open: the lock is named after the folder's path, so after the rename
    // this process would take it afresh and two processes would own one journal (each could mint a re-send).
    const held = (await exists(join(fromAddress, CASHIER_DIR)))
      ? await acquireLock(join(fromAddress, CASHIER_DIR, LOCK_FILE))
      : null;
    try {
      // The books' witness names each file by its path: it follows the folder first (books.ts `moved`).
      await books?.moved(fromAddress, dir);
      await rename(fromAddress, dir);
      await fsyncDirectory(venues);
    } finally {
      await held?.release();
    }
  }
  await ensurePrivateDir(dir);
  if (!(await exists(join(dir, VENUE_FILE))))
    await writeFileAtomic(join(dir, VENUE_FILE), `${JSON.stringify({ venueId })}\n`);
  if (addresses[addressHash] !== venueId)
    await writeFileAtomic(
      join(venues, ADDRESSES_FILE),
      `${JSON.stringify({ ...addresses, [addressHash]: venueId })}\n`,
    );
  return { dir, venueId, confirmed: named !== null };
}

async function folderLabel(dir: string, name: string): Promise<string> {
  try {
    const parsed = JSON.parse(await readFile(join(dir, VENUE_FILE), 'utf8')) as { venueId?: unknown };
    if (typeof parsed.venueId === 'string') return `venue ${parsed.venueId}`;
  } catch {
    // No venue.json: an address never identified (or an earlier version's folder).
  }
  return `an address not identified yet (folder ${name})`;
}

/**
 * Every other venue folder's unfinished movements, in words ("2 unfinished movements belong to venue X"), so none
 * is orphaned silently: they resume when that venue is the one connected. The demo's folder is not counted (its
 * movements resume when the demo is in use again).
 */
export async function unfinishedElsewhere(dataDir: string, currentDir: string): Promise<string[]> {
  const venues = join(dataDir, 'venues');
  const names = await readdir(venues, { withFileTypes: true }).catch(() => []);
  const found: string[] = [];
  for (const entry of names) {
    const dir = join(venues, entry.name);
    if (!entry.isDirectory() || entry.name === 'demo' || dir === currentDir) continue;
    // A count for a warning, not a decision: the seals are checked when that venue's journal is opened.
    const journal = await readFile(join(dir, CASHIER_DIR, JOURNAL_FILE))
      .then(recoverJournal)
      .catch(() => null);
    const count = journal?.movements.filter((movement) => !SETTLED_STATES.has(movement.state)).length ?? 0;
    if (count === 0) continue;
    const label = await folderLabel(dir, entry.name);
    found.push(
      `${count} unfinished movement${count === 1 ? '' : 's'} belong${count === 1 ? 's' : ''} ` +
        `to ${label}; they resume when it is connected.`,
    );
  }
  return found;
}
