/**
 * The arguments and answers of the query API. The arguments are parsed once, by the contract's history channels
 * (`preload/contract/history.ts`, in the session's dispatch): their schemas brand what they make, and the queries
 * take only those types, so bad input from the UI is refused there (`bad_arguments`) and nothing here checks it again.
 * Ids and the roster search are plain strings: opaque keys and filter text, whose only rules are the edge's caps.
 */
import type { z } from 'zod';
import type { HandSummary, PlayerStats, RosterEntry } from './schemas';

/** The fields of a hand list query, as the contract's schema parses them. */
export interface HandListQueryShape {
  readonly sessionUid?: string;
  readonly playerId?: string;
  /** A whole number, 0 or more. */
  readonly offset: number;
  /** A whole number, 1 to the contract's page size (the UI virtualizes; it asks for what is on screen). */
  readonly limit: number;
}

/** Which hands, newest first: `offset` rows skipped, at most `limit` returned; only the contract's parse makes one. */
export type HandListQuery = HandListQueryShape & z.$brand<'ParsedHandListArgs'>;

/** `YYYY-MM`, one calendar month, as the leaderboard channel parsed it. */
export type LeaderboardPeriod = string & z.$brand<'ParsedLeaderboardPeriod'>;

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
