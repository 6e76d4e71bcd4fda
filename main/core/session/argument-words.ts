/**
 * A command's arguments that did not fit the contract, in words a cashier reads: the field by its name on the form
 * ("the PIN", "the venue address"), never a schema path such as `(1.pin)`, and what is wrong with it in a sentence.
 * Messages the contract wrote itself (a schema's own sentence) are kept as written; zod's defaults are replaced here.
 */
import type { z } from 'zod';

/** How a contract field is called where the cashier sees it; anything else is its name split into words. */
const FIELD_NAMES: Readonly<Record<string, string>> = {
  pin: 'PIN',
  approverPin: "second operator's PIN",
  baseUrl: 'venue address',
  venueBaseUrl: 'venue address',
  wsUrl: 'live table address',
  venueWsUrl: 'live table address',
  key: 'venue key',
  operator: 'operator name',
  approver: 'second operator',
  seatId: 'seat',
  playerId: 'player',
  intentId: 'press reference',
  movementId: 'movement',
  shiftId: 'shift',
  denominations: 'count by denomination',
  presets: 'preset amounts',
  printerName: 'printer',
  url: 'address',
};

/** `venueBaseUrl` -> "venue base url": a field's name as words, for a field the table above does not name. */
function splitName(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
}

/** The field an issue is about, by the last named step of its path; null when the issue is about no one field. */
export function fieldWords(path: readonly PropertyKey[]): string | null {
  const named = [...path].reverse().find((step): step is string => typeof step === 'string');
  if (named === undefined) return null;
  return FIELD_NAMES[named] ?? splitName(named);
}

/** An issue about the whole command (too few or too many parts): no field to name, nothing the cashier typed. */
const WHOLE_COMMAND = 'The app sent this in a form it does not take. Close the form and try again.';

function sizeSentence(field: string, issue: { code: 'too_small' | 'too_big'; origin?: string; limit: unknown }) {
  const small = issue.code === 'too_small';
  if (issue.origin === 'string')
    return small && issue.limit === 1 ? `The ${field} is empty.` : `The ${field} is too ${small ? 'short' : 'long'}.`;
  if (issue.origin === 'array' || issue.origin === 'set')
    return `The ${field} has too ${small ? 'few' : 'many'} entries (${small ? 'at least' : 'at most'} ${issue.limit}).`;
  return `The ${field} must be ${small ? 'at least' : 'at most'} ${String(issue.limit)}.`;
}

/** One issue zod raised with its own default words, as a plain sentence naming the field. */
export function issueSentence(issue: z.core.$ZodRawIssue): string {
  const field = fieldWords(issue.path ?? []);
  if (field === null) return WHOLE_COMMAND;
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return `The ${field} is missing.`;
      if (issue.expected === 'int') return `The ${field} must be a whole number.`;
      return issue.expected === 'number' ? `The ${field} must be a number.` : `The ${field} is not valid.`;
    case 'too_small':
      return sizeSentence(field, { code: 'too_small', origin: issue.origin, limit: issue.minimum });
    case 'too_big':
      return sizeSentence(field, { code: 'too_big', origin: issue.origin, limit: issue.maximum });
    case 'invalid_format':
      return issue.format === 'url' ? `The ${field} is not a web address.` : `The ${field} is not in the right form.`;
    case 'unrecognized_keys':
      return WHOLE_COMMAND;
    case 'invalid_value':
    case 'invalid_union':
      return `The ${field} is not one of the choices.`;
    default:
      return `The ${field} is not valid.`;
  }
}

/** The parse option that words every default issue plainly (a schema's own message still wins). */
export const plainIssues = { error: (issue: z.core.$ZodRawIssue) => issueSentence(issue) } as const;

/** The sentence for a failed parse: the first issue's words. */
export function argumentProblem(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'What was entered is not valid.';
}
