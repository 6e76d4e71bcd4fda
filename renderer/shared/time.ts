/** Clock and age wording for the status badge and the ticker. */

/** hh:mm:ss in the cashier PC's local time. */
export function clockTime(at: number): string {
  const date = new Date(at);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** "n min ago" (or "just now" under a minute). */
export function ageText(at: number, now: number): string {
  const minutes = Math.floor(Math.max(0, now - at) / 60_000);
  return minutes === 0 ? 'just now' : `${minutes} min ago`;
}

/** Whole seconds until `at`, never negative. */
export function secondsUntil(at: number, now: number): number {
  return Math.max(0, Math.ceil((at - now) / 1000));
}
