/**
 * The walk-in's player search: the venue's roster (as history keeps it offline, merged profiles already folded into
 * their canonical id) matched as the cashier types, by the venue's own name rule (`venueNameKey`: case-blind, spaces
 * collapsed, one Unicode form). The keys are computed once per roster, so a keystroke only compares strings.
 */
import type { PlayerRowView } from '../../preload/contract';
import { venueNameKey } from '../../preload/contract/player-name';

export interface RosterEntry {
  readonly playerId: string | null;
  readonly name: string;
  readonly handsPlayed: number;
  /** venueNameKey(name), computed once. */
  readonly key: string;
}

export interface RosterIndex {
  readonly entries: readonly RosterEntry[];
}

/** One entry per player: a name twice (two rows the venue would take as one name) is kept once, the busiest. */
export function rosterIndex(players: readonly PlayerRowView[]): RosterIndex {
  const byKey = new Map<string, RosterEntry>();
  for (const player of players) {
    const key = venueNameKey(player.name);
    if (key === '') continue;
    const entry = { playerId: player.playerId, name: player.name, handsPlayed: player.handsPlayed ?? 0, key };
    const kept = byKey.get(key);
    if (kept === undefined || entry.handsPlayed > kept.handsPlayed) byKey.set(key, entry);
  }
  return { entries: [...byKey.values()] };
}

/** How well a name matches what was typed: the whole name, its start, a word's start, anywhere; -1 for no match. */
function rank(key: string, typed: string): number {
  if (key === typed) return 0;
  if (key.startsWith(typed)) return 1;
  const at = key.indexOf(typed);
  if (at < 0) return -1;
  return key[at - 1] === ' ' ? 2 : 3;
}

/**
 * The best `limit` matches for what the cashier typed: exact name first, then names starting with it, then a later
 * word starting with it, then anywhere; regulars (more hands) first within a rank. Empty input suggests nothing.
 */
export function searchRoster(index: RosterIndex, typed: string, limit = 8): readonly RosterEntry[] {
  const key = venueNameKey(typed);
  if (key === '') return [];
  const found: { entry: RosterEntry; rank: number }[] = [];
  for (const entry of index.entries) {
    const score = rank(entry.key, key);
    if (score >= 0) found.push({ entry, rank: score });
  }
  found.sort(
    (a, b) => a.rank - b.rank || b.entry.handsPlayed - a.entry.handsPlayed || a.entry.key.localeCompare(b.entry.key),
  );
  return found.slice(0, limit).map((match) => match.entry);
}

/** The roster entry that is exactly this name to the venue, or null (a new name). */
export function rosterMatch(index: RosterIndex, typed: string): RosterEntry | null {
  const key = venueNameKey(typed);
  if (key === '') return null;
  return index.entries.find((entry) => entry.key === key) ?? null;
}
