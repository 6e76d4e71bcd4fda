/**
 * "45 s", "1 min 20 s", "2 h 5 min": how long a movement has waited (with the host, in doubt). One wording for the
 * cashier core's reasons and the tray, so the two never disagree. Zod-free: the renderer bundles it.
 */
export function ageText(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return seconds % 60 === 0 ? `${minutes} min` : `${minutes} min ${seconds % 60} s`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
}
