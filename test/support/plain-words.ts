/**
 * What a sentence a cashier reads must not hold: a schema path such as "(1.pin)", a wire or event name
 * (`transaction_applied`, `outcome_unknown`), a program identifier in camelCase, or the key and session jargon of the
 * venue's interface ("idempotency", "seq", "close session", "for this key").
 */
const FORBIDDEN: ReadonlyArray<readonly [string, RegExp]> = [
  ['a schema path', /\(\s*\d+(\.\w+)+\s*\)|\(\s*\w+(\.\w+)+\s*\)/],
  ['a wire name (snake_case)', /\b[a-z]+(_[a-z]+)+\b/],
  ['a program name (camelCase)', /\b[a-z]+[A-Z][a-zA-Z]*\b/],
  ['"idempotency"', /idempoten/i],
  ['"seq"', /\bseq\b/i],
  ['"close session"', /close[ -]session/i],
  ['"for this key"', /for this key/i],
  ['"intent"', /\bintent\b/i],
];

/** Each forbidden thing the text holds, by name and with what matched; empty when the text is plain. */
export function technicalWords(text: string): string[] {
  return FORBIDDEN.flatMap(([name, pattern]) => {
    const found = pattern.exec(text);
    return found === null ? [] : [`${name}: "${found[0]}" in "${text}"`];
  });
}
