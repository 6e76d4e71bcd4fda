/**
 * The live plane never carries hole cards, reveal state or equity (spec rule 2). If a frame does anyway, the
 * offending keys are removed before anything else sees the frame, and each removal is reported as a protocol
 * violation; the rest of the frame is kept.
 */

/** Keys that must never appear on the live plane, at any depth. */
export const FORBIDDEN_LIVE_KEYS: ReadonlySet<string> = new Set([
  'hole_cards',
  'cards',
  'hole',
  'revealed',
  'reveal',
  'show_cards',
  'equity',
  'win_probability',
  'win_pct',
]);

// A frame whose text contains no fragment of any forbidden key (and escapes no characters, which could spell
// one) needs no walk. Bare fragments scan faster than quoted alternatives; a false alarm only costs a walk.
const MAY_CARRY_FORBIDDEN = /card|hole|reveal|show_c|equity|win_p|\\u/;

/** True when the raw frame text might contain a forbidden key and must be walked. */
export function textMayCarryForbidden(text: string): boolean {
  return MAY_CARRY_FORBIDDEN.test(text);
}

/**
 * Deletes forbidden keys from a freshly parsed JSON value, in place, and returns the paths it removed
 * (empty when the value was clean). Only call it on a value this module's caller owns.
 */
export function stripForbiddenKeys(value: unknown, path = '$', removed: string[] = []): string[] {
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1)
      stripForbiddenKeys(value[index], `${path}[${index}]`, removed);
    return removed;
  }
  if (value === null || typeof value !== 'object') return removed;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (FORBIDDEN_LIVE_KEYS.has(key)) {
      delete record[key];
      removed.push(`${path}.${key}`);
    } else {
      stripForbiddenKeys(record[key], `${path}.${key}`, removed);
    }
  }
  return removed;
}
