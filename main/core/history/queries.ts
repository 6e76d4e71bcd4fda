/**
 * Argument checks and shapes of the query API. Bad input from the UI gets a clear error and changes nothing.
 */
import { z } from 'zod';
import type { HandSummary, PlayerStats, RosterEntry } from './schemas';

/** The largest page the hand list serves at once (the UI virtualizes; it asks for what is on screen). */
export const MAX_HAND_PAGE = 1000;

export const handListQuerySchema = z.object({
  sessionUid: z.string().min(1).optional(),
  playerId: z.string().min(1).optional(),
  offset: z.int().min(0),
  limit: z.int().min(1).max(MAX_HAND_PAGE),
});
/** Which hands, newest first: `offset` rows skipped, at most `limit` returned. */
export type HandListQuery = z.infer<typeof handListQuerySchema>;

/** `YYYY-MM`, one calendar month. */
export const leaderboardPeriodSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'period must be YYYY-MM');

export const playerSearchSchema = z.object({ search: z.string().max(200).optional() });

/** A page of the hand list. */
export interface HandListPage {
  readonly total: number;
  readonly rows: readonly HandSummary[];
  /**
   * Player filter only: every stored hand at or after `fromTs` has its detail cached, so the list is complete
   * from there on; before it, it holds the hands the player won or whose detail was opened. null: not even the
   * newest hand is covered yet.
   */
  readonly coverage?: { readonly fromTs: number | null };
}

/** The roster as the UI lists it: merged profiles folded into their canonical player_id. */
export interface PlayerList {
  readonly players: readonly RosterEntry[];
  readonly aliases: Readonly<Record<string, string>>;
}

/** A player's profile under its canonical id, with how many of their hands this machine holds. */
export interface PlayerProfile {
  readonly playerId: string;
  /** The id asked for, when it was an old (merged) id. */
  readonly requestedId: string;
  readonly stats: PlayerStats;
  readonly storedHands: number;
}

/** Parses an argument or throws a RangeError naming what was wrong. */
export function parseArgument<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'value'} ${issue.message}`);
    throw new RangeError(`${what}: ${issues.join('; ')}`);
  }
  return parsed.data;
}

/**
 * Folds merged profiles: an entry under an old id is dropped when its canonical entry is listed, otherwise it is
 * shown under the canonical id. Storage and lookups never key on names.
 */
export function foldRoster(entries: readonly RosterEntry[], resolve: (id: string) => string): RosterEntry[] {
  const canonicalListed = new Set(
    entries.flatMap((entry) =>
      entry.player_id != null && resolve(entry.player_id) === entry.player_id ? [entry.player_id] : [],
    ),
  );
  const folded: RosterEntry[] = [];
  for (const entry of entries) {
    if (entry.player_id == null) {
      folded.push(entry);
      continue;
    }
    const canonical = resolve(entry.player_id);
    if (canonical === entry.player_id) folded.push(entry);
    else if (!canonicalListed.has(canonical)) {
      canonicalListed.add(canonical);
      folded.push({ ...entry, player_id: canonical });
    }
  }
  return folded;
}

/** Case-insensitive match on name or slug. */
export function matchesSearch(entry: RosterEntry, search: string | undefined): boolean {
  const needle = search?.trim().toLowerCase() ?? '';
  if (needle === '') return true;
  return entry.name.toLowerCase().includes(needle) || (entry.slug ?? '').toLowerCase().includes(needle);
}
