/**
 * Profile merges: `/players` reports `aliases` {old player_id: canonical player_id}. A merged player's hands and
 * stats follow the canonical id, so every lookup by player id goes through this resolver first.
 */

/** Longest alias chain followed; a longer (or cyclic) chain stops where it is rather than spinning. */
const MAX_CHAIN = 32;

/** Resolves any player id to its canonical id (following chains old -> newer -> canonical). */
export function createAliasResolver(aliases: Readonly<Record<string, string>>): (playerId: string) => string {
  const table = new Map(Object.entries(aliases));
  return (playerId) => {
    let current = playerId;
    for (let step = 0; step < MAX_CHAIN; step += 1) {
      const next = table.get(current);
      if (next === undefined || next === current) return current;
      current = next;
    }
    return current;
  };
}

/** Every id (the canonical one included) that resolves to `canonicalId`. */
export function idsMergedInto(aliases: Readonly<Record<string, string>>, canonicalId: string): string[] {
  const resolve = createAliasResolver(aliases);
  return [canonicalId, ...Object.keys(aliases).filter((old) => old !== canonicalId && resolve(old) === canonicalId)];
}
