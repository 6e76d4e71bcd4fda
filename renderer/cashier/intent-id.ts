/**
 * One press of a money control, named once: main turns the same intent id into the same movement, so a request the
 * bridge delivers twice, or a second press that slipped past the disabled control, is still one movement.
 */
export function newIntentId(): string {
  // crypto.randomUUID is in every browser context the app runs in (Electron, Chromium): 36 characters of [0-9a-f-].
  return `press-${crypto.randomUUID()}`;
}
