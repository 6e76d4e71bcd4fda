/**
 * Defensive reads of historical records. The spec leaves most historical field types "not shown", so a field of an
 * unexpected type reads as unknown (null or empty), never trusted and never thrown on.
 */

export function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** A non-empty string, else null. */
export function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** Any field of a record, typed or not (the schemas keep unknown fields). */
export function field(record: object, key: string): unknown {
  return (record as Record<string, unknown>)[key];
}

export function cardList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((card): card is string => typeof card === 'string') : [];
}

/** A summary's winners by name: plain strings, or objects naming the player (name, else id). */
export function winnerNames(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((winner) => {
    if (typeof winner === 'string') return [winner];
    if (typeof winner === 'object' && winner !== null) {
      const name =
        text(field(winner, 'player_name')) ?? text(field(winner, 'name')) ?? text(field(winner, 'player_id'));
      return name === null ? [] : [name];
    }
    return [];
  });
}
