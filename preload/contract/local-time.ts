/**
 * Times a person reads, in the cashier PC's local time zone: slips, the shift summary, the ledger. The CSV keeps
 * ISO 8601 with the local offset, so a spreadsheet in another zone still places every row exactly. Zod-free: the
 * renderer bundles it, and main (on the same PC) writes the slip's and the summary's text with it.
 */

const pad = (value: number, width = 2): string => String(Math.trunc(Math.abs(value))).padStart(width, '0');

/** "2026-11-26" in local time. */
export function localDate(at: number): string {
  const date = new Date(at);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** "14:05:07" in local time. */
export function localClock(at: number): string {
  const date = new Date(at);
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** "2026-11-26 14:05:07" in local time. */
export function localDateTime(at: number): string {
  return `${localDate(at)} ${localClock(at)}`;
}

/** "+01:00": the local zone's offset from UTC at that instant (daylight saving included). */
export function localOffset(at: number): string {
  const minutes = -new Date(at).getTimezoneOffset();
  return `${minutes < 0 ? '-' : '+'}${pad(minutes / 60)}:${pad(minutes % 60)}`;
}

/** "2026-11-26T14:05:07.123+01:00": ISO 8601 in local time with its offset (for files a machine reads). */
export function localIso(at: number): string {
  const date = new Date(at);
  return `${localDate(at)}T${localClock(at)}.${pad(date.getMilliseconds(), 3)}${localOffset(at)}`;
}
