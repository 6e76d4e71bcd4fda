/**
 * Whether two versions of one hand's summary differ. Summaries are stored once per hand_id, but the venue may
 * republish older hands with rewritten fields (`final_pot_bb` 0 becoming the pot): a later copy that differs
 * replaces the stored one. Field by field, so key order never counts as a change.
 */
import type { HandSummary } from './schemas';

const same = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

/** True when any field differs between `stored` and `incoming`. */
export function summaryFieldsChanged(stored: HandSummary, incoming: HandSummary): boolean {
  const a = stored as Record<string, unknown>;
  const b = incoming as Record<string, unknown>;
  for (const key of Object.keys(b)) if (!same(a[key], b[key])) return true;
  for (const key of Object.keys(a)) if (!(key in b) && a[key] !== undefined) return true;
  return false;
}
