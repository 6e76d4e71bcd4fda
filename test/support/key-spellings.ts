/** A venue key hard to scrub, and the spellings of it a venue could echo into what a page receives. */

/** A key with every character some spelling of it escapes (URL, form, JSON, HTML, base64's own alphabet). */
export const HARD_KEY = `vk_live a+b/c~d'e"f&g<h>i(j)k*l!m\\n`;

/** `key` as is, URL-encoded, form-encoded, in base64 and as JSON writes it inside a string. */
export function keySpellings(key: string): readonly string[] {
  return [
    key,
    encodeURIComponent(key),
    new URLSearchParams({ k: key }).toString().slice(2),
    Buffer.from(key).toString('base64'),
    JSON.stringify(key).slice(1, -1),
  ];
}
