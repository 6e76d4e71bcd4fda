/** Removing a secret from text before it can reach a log line, an error message or crash output. */

/** The marker that replaces a secret. */
export const REDACTED = '[redacted]';

/** Every percent-escape in `text` with the other hex case too (a server may echo `%2f` for our `%2F`). */
function bothHexCases(text: string): string[] {
  return [text, text.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase())];
}

/**
 * The spellings a secret travels in: as is, URL-encoded by encodeURIComponent, form-urlencoded as URLSearchParams
 * writes a `?key=` query (which also escapes `~ ! ' ( )` and turns spaces into `+`), fully RFC 3986-escaped
 * (`* ~ ! ' ( )` too), each with upper- or lower-case hex, base64 (a Basic header), and as JSON writes it inside
 * a string (`"` and `\` escaped: a body or record quoted in a log line).
 */
function secretForms(secret: string): Set<string> {
  const formEncoded = new URLSearchParams({ k: secret }).toString().slice(2);
  const strict = encodeURIComponent(secret).replace(
    /[!'()*~]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return new Set([
    secret,
    ...bothHexCases(encodeURIComponent(secret)),
    ...bothHexCases(formEncoded),
    ...bothHexCases(strict),
    Buffer.from(secret, 'utf8').toString('base64'),
    JSON.stringify(secret).slice(1, -1),
  ]);
}

/**
 * `text` with every occurrence of `secret` replaced, in every form it travels in (secretForms). Secrets shorter
 * than 4 characters are not searched for: they would redact ordinary words while protecting nothing.
 */
export function redactSecret(text: string, secret: string | null): string {
  if (secret === null || secret.length < 4) return text;
  // Longest first: a shorter spelling inside a longer one must not leave the rest of it behind.
  const forms = [...secretForms(secret)].sort((a, b) => b.length - a.length);
  let result = text;
  for (const form of forms) result = result.split(form).join(REDACTED);
  return result;
}

/** A one-line description of an unknown thrown value, with the secret removed. */
export function describeError(error: unknown, secret: string | null): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return redactSecret(text, secret);
}

function mapStrings(value: unknown, map: (text: string) => string): unknown {
  if (typeof value === 'string') return map(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, map));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, mapStrings(item, map)]));
  }
  return value;
}

/**
 * `value` (JSON data bound for a renderer) with the secret removed from every string. The common case,
 * no secret anywhere, returns the same object after one serialisation check.
 */
export function scrubSecret<T>(value: T, secret: string | null): T {
  if (secret === null || secret.length < 4) return value;
  const json = JSON.stringify(value) ?? '';
  if (redactSecret(json, secret) === json && !json.includes(JSON.stringify(secret).slice(1, -1))) return value;
  // The shape is unchanged (only string contents differ), so the value keeps its type.
  return mapStrings(value, (text) => redactSecret(text, secret)) as T;
}
