/**
 * Tonight's hands on disk, in the venue's data folder, so an app restart mid-night keeps them. Whole-file atomic
 * writes (storage's writeFileAtomic); reads validated with zod. A file that does not parse or validate is reported
 * and set aside, and the night starts empty: bad disk data never throws and never changes anything else.
 */
import { rename } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import { readTextOrMissing, writeFileAtomic } from '../storage/atomic-file';
import { ensurePrivateDir } from '../storage/private-dir';
import { EMPTY_NIGHT, TONIGHT_MAX_HANDS, type TonightNight } from './tonight-hands';

const amount = z.number().nullable();

const ActionSchema = z.object({ street: z.string().nullable(), action: z.string(), amount, at: z.number() });

const SeatSchema = z.object({
  playerId: z.string().min(1),
  name: z.string().nullable(),
  seatId: z.int(),
  stackStart: amount,
  actions: z.array(ActionSchema),
  contributed: amount,
  won: amount,
  net: amount,
  stackEnd: amount,
  payoutStackAfter: amount,
});

const HandSchema = z.object({
  handNumber: z.int(),
  startedAt: z.number().nullable(),
  endedAt: z.number().nullable(),
  board: z.array(z.string()),
  pot: amount,
  rake: amount,
  winnerSeats: z.array(z.int()),
  seats: z.array(SeatSchema),
});

const NightFileSchema = z.object({
  version: z.literal(1),
  night: z.object({
    startedAt: z.number().nullable(),
    hands: z.array(HandSchema).max(TONIGHT_MAX_HANDS),
    open: HandSchema.nullable(),
    lastHandNumber: z.int().nullable(),
    seen: z.array(z.int()),
  }),
});

/** What a load found: the stored night, or an empty one with the reason the file was not usable. */
export interface TonightLoad {
  readonly night: TonightNight;
  readonly problem: string | null;
}

/** Reads the stored night; a missing file is an empty night, a corrupt one is moved aside and reported. */
export async function loadTonight(path: string): Promise<TonightLoad> {
  let text: string | null;
  try {
    text = await readTextOrMissing(path);
  } catch (error) {
    return {
      night: EMPTY_NIGHT,
      problem: `tonight's hands could not be read (${(error as Error).message}); starting empty`,
    };
  }
  if (text === null) return { night: EMPTY_NIGHT, problem: null };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return setAside(path, `not JSON: ${(error as Error).message}`);
  }
  const parsed = NightFileSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return setAside(path, `invalid record: ${issue?.message ?? 'schema mismatch'} at ${issue?.path.join('.') ?? '?'}`);
  }
  return { night: parsed.data.night, problem: null };
}

/** Writes the night atomically (the previous file stays whole if this fails). */
export async function saveTonight(path: string, night: TonightNight): Promise<void> {
  await ensurePrivateDir(dirname(path));
  await writeFileAtomic(path, JSON.stringify({ version: 1, night }));
}

async function setAside(path: string, reason: string): Promise<TonightLoad> {
  const movedTo = `${path}.corrupt-${Date.now()}`;
  const moved = await rename(path, movedTo).then(
    () => true,
    () => false,
  );
  return {
    night: EMPTY_NIGHT,
    problem:
      `tonight's hands file was corrupt (${reason}); ${moved ? `moved to ${movedTo}` : 'left in place'}, ` +
      `starting empty`,
  };
}
