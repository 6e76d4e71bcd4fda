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
function rank(key: string, typed: string, spacedTyped: string): number {
  if (key === typed) return 0;
  if (key.startsWith(typed)) return 1;
  if (key.includes(spacedTyped)) return 2;
  return key.includes(typed) ? 3 : -1;
}

/** Whether `a` comes before `b`: better rank, then more hands, then by name. */
function before(a: RosterEntry, rankA: number, b: RosterEntry, rankB: number): boolean {
  if (rankA !== rankB) return rankA < rankB;
  if (a.handsPlayed !== b.handsPlayed) return a.handsPlayed > b.handsPlayed;
  return a.key < b.key;
}

/**
 * The best `limit` matches for what the cashier typed: exact name first, then names starting with it, then a later
 * word starting with it, then anywhere; regulars (more hands) first within a rank. Empty input suggests nothing.
 * Keeps only the best `limit` while scanning (no sort of every match): one keystroke allocates almost nothing.
 */
export function searchRoster(index: RosterIndex, typed: string, limit = 8): readonly RosterEntry[] {
  const key = venueNameKey(typed);
  if (key === '' || limit <= 0) return [];
  const best: RosterEntry[] = [];
  const ranks: number[] = [];
  const spaced = ` ${key}`;
  for (const entry of index.entries) {
    const score = rank(entry.key, key, spaced);
    if (score < 0) continue;
    if (best.length === limit) {
      if (!before(entry, score, best[limit - 1] as RosterEntry, ranks[limit - 1] as number)) continue;
      best.pop();
      ranks.pop();
    }
    let at = best.length;
    while (at > 0 && before(entry, score, best[at - 1] as RosterEntry, ranks[at - 1] as number)) at -= 1;
    best.splice(at, 0, entry);
    ranks.splice(at, 0, score);
  }
  return best;
}

/** The roster entry that is exactly this name to the venue, or null (a new name). */
export function rosterMatch(index: RosterIndex, typed: string): RosterEntry | null {
  const key = venueNameKey(typed);
  if (key === '') return null;
  return index.entries.find((entry) => entry.key === key) ?? null;
}
