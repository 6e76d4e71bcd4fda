/**
 * The venue's money mode as last read, kept in the venue's folder so that a restart with the venue unreachable (or
 * GET /venue failing, or not yet answered) still knows it. `hidden` fails closed: while the mode is unknown, room
 * screens and paper follow `hidden` (`roomMoneyMode`). Whole-file atomic writes; a file that does not parse is
 * ignored (the mode is then unknown, which hides amounts), never trusted.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { MoneyMode } from '../../../preload/contract';
import { writeFileAtomic } from '../storage/atomic-file';
import { ensurePrivateDir } from '../storage/private-dir';

const FILE = 'money-mode.json';

const RecordSchema = z.object({
  version: z.literal(1),
  moneyMode: z.enum(['bb', 'dollars', 'hidden']),
  at: z.number(),
});

/**
 * What is known of the venue's money mode: nothing yet (`known` false), or what GET /venue said (or what it last
 * said, read back from disk). A venue that answered without `money_mode` has not published: still unknown.
 */
export interface MoneyModeReading {
  readonly known: boolean;
  readonly mode: MoneyMode | null;
}

export const UNKNOWN_MONEY_MODE: MoneyModeReading = { known: false, mode: null };

/** The mode room screens (the monitor, first paint) and paper (slips, CSV) follow: `hidden` while unknown. */
export function roomMoneyMode(reading: MoneyModeReading): MoneyMode | null {
  return reading.known ? reading.mode : 'hidden';
}

/** The recorded mode of the venue whose folder is `venueDir`; unknown when none is recorded or it does not parse. */
export async function loadMoneyMode(venueDir: string): Promise<MoneyModeReading> {
  let text: string;
  try {
    text = await readFile(join(venueDir, FILE), 'utf8');
  } catch {
    return UNKNOWN_MONEY_MODE;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return UNKNOWN_MONEY_MODE;
  }
  const parsed = RecordSchema.safeParse(raw);
  return parsed.success ? { known: true, mode: parsed.data.moneyMode } : UNKNOWN_MONEY_MODE;
}

/** Records the mode the venue named (atomically: a crash leaves the old record or the new one). */
export async function saveMoneyMode(venueDir: string, mode: MoneyMode, at: number): Promise<void> {
  await ensurePrivateDir(venueDir);
  await writeFileAtomic(join(venueDir, FILE), `${JSON.stringify({ version: 1, moneyMode: mode, at })}\n`);
}

/**
 * The reading after GET /venue answered: the mode it names; without one (not published yet), the mode recorded
 * before if any (a venue does not unpublish: a recorded `hidden` stays hidden), else still unknown. The spec calls
 * `bb` the default, but an unpublished venue has not said which mode it will publish, and one that publishes `hidden`
 * must not have shown its amounts to the room before: room screens and paper stay hidden until the venue names a
 * mode (the cashier's own screens show table chips meanwhile).
 */
export function readingFromVenue(named: MoneyMode | undefined, recorded: MoneyModeReading): MoneyModeReading {
  if (named !== undefined) return { known: true, mode: named };
  return recorded.known ? recorded : UNKNOWN_MONEY_MODE;
}
