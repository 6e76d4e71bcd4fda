/**
 * One press of a money control, named once: main turns the same intent id into the same movement, so a request the
 * bridge delivers twice, or a second press that slipped past the disabled control, is still one movement. The
 * contract's INTENT_ID_PATTERN: 8 to 64 of A-Z a-z 0-9 _ -.
 */
export function newIntentId(): string {
  // getRandomValues works in every context the page runs in (randomUUID needs a secure context).
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `in-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}
