/** Sorting the leaderboard by any column; unknown values sort last whatever the direction. */
import type { PlayerStatsView } from '../../preload/contract';

export type SortKey =
  'rank' | 'name' | 'handsPlayed' | 'vpip' | 'pfr' | 'threebet' | 'aggression' | 'wtsd' | 'wsd' | 'bbPer100' | 'money';
export type SortDirection = 'ascending' | 'descending';

export interface RankedPlayer {
  /** The venue's own order (1 = first). */
  readonly rank: number;
  readonly player: PlayerStatsView;
}

function valueOf(entry: RankedPlayer, key: SortKey): number | string | null {
  switch (key) {
    case 'rank':
      return entry.rank;
    case 'name':
      return entry.player.name.toLowerCase();
    case 'money':
      return entry.player.money[0]?.value ?? null;
    default:
      return entry.player[key];
  }
}

/** A new array sorted by `key`; ties keep the venue's order. */
export function sortLeaderboard(
  entries: readonly RankedPlayer[],
  key: SortKey,
  direction: SortDirection,
): RankedPlayer[] {
  const sign = direction === 'ascending' ? 1 : -1;
  return [...entries].sort((a, b) => {
    const left = valueOf(a, key);
    const right = valueOf(b, key);
    if (left === null || right === null) return left === right ? a.rank - b.rank : left === null ? 1 : -1;
    if (left < right) return -sign;
    if (left > right) return sign;
    return a.rank - b.rank;
  });
}

/** Clicking a column: a new column starts descending (rank and name ascending); the same column flips. */
export function nextSort(
  current: { key: SortKey; direction: SortDirection },
  key: SortKey,
): { key: SortKey; direction: SortDirection } {
  if (current.key === key) return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  return { key, direction: key === 'rank' || key === 'name' ? 'ascending' : 'descending' };
}
