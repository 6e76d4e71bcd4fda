/**
 * Narrows hand summaries the venue client has already validated (hand_id, ts, the answer's shape) to the field
 * types the screens read, which the venue schema leaves open because the spec does not show them. It checks in
 * place, without re-parsing or copying 2,000 summaries an answer: the wire is validated once, by the client.
 * The checks mirror `handSummarySchema` (schemas.ts); a summary that fails them fails the whole answer.
 */
import type { HandSummary } from './schemas';

type FieldCheck = (value: unknown) => boolean;

const isNumber: FieldCheck = (value) => typeof value === 'number' && Number.isFinite(value);
const isString: FieldCheck = (value) => typeof value === 'string';
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isCards: FieldCheck = (value) => Array.isArray(value) && value.every((card) => typeof card === 'string');
const isStakes: FieldCheck = (value) => isObject(value) && (value.big_blind == null || isNumber(value.big_blind));

/** The narrowed fields of a summary; each may also be absent or null. */
const NARROWED: ReadonlyArray<readonly [string, FieldCheck, string]> = [
  ['hand_number', isNumber, 'a number'],
  ['session_uid', isString, 'a string'],
  ['board', isCards, 'an array of strings'],
  ['final_pot_bb', isNumber, 'a number'],
  ['player_count', isNumber, 'a number'],
  ['stakes', isStakes, 'an object with a numeric big_blind'],
  ['game_mode', isString, 'a string'],
  ['file', isString, 'a string'],
];

/** The first narrowing problem of `hands` as "hands.<i>.<field>: expected ...", or null when all pass. */
export function summaryNarrowingProblem(hands: readonly Record<string, unknown>[]): string | null {
  for (let at = 0; at < hands.length; at += 1) {
    const hand = hands[at] as Record<string, unknown>;
    for (const [field, check, expected] of NARROWED) {
      const value = hand[field];
      if (value != null && !check(value)) return `hands.${at}.${field}: expected ${expected}`;
    }
  }
  return null;
}

/** The same summaries, typed as narrowed, once `summaryNarrowingProblem` found nothing. */
export function asNarrowedSummaries(hands: readonly Record<string, unknown>[]): readonly HandSummary[] {
  return hands as readonly HandSummary[];
}
