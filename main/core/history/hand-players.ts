/**
 * Which players a hand involves, by player_id. A summary's field types are "not shown" by the spec, so this reads
 * them tolerantly: `winners` (ids, or objects carrying player_id) and any `players` list a venue adds. A hand
 * detail names every player, so once a detail is cached the hand joins every participant's index.
 */
import type { HandDetail, HandSummary } from './schemas';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function idsIn(value: unknown, into: Set<string>): void {
  if (!Array.isArray(value)) return;
  for (const item of value) {
    if (typeof item === 'string' && UUID.test(item)) into.add(item);
    else if (typeof item === 'object' && item !== null) {
      const id = (item as { player_id?: unknown }).player_id;
      if (typeof id === 'string' && id.length > 0) into.add(id);
    }
  }
}

/** Player ids a summary reveals (possibly none). */
export function summaryPlayerIds(summary: HandSummary): string[] {
  const ids = new Set<string>();
  idsIn(summary.winners, ids);
  idsIn((summary as { players?: unknown }).players, ids);
  return [...ids];
}

/** Every player id in a hand detail. */
export function detailPlayerIds(detail: HandDetail): string[] {
  const ids = new Set<string>();
  idsIn(detail.hand.players, ids);
  return [...ids];
}
