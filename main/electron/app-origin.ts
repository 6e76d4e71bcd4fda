/**
 * The one origin our windows load from. A custom standard scheme gives the renderer a real origin
 * (relative URLs, storage, CSP 'self') without a file:// page that could read the whole disk.
 */

/** The privileged custom scheme that serves dist/renderer. */
export const APP_SCHEME = 'app';
/** The fixed host of that scheme: every window URL is `app://renderer/...`. */
export const APP_HOST = 'renderer';
/** The page every window loads. */
export const APP_ENTRY_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/** Query value that makes the renderer show the read-only table monitor. */
export const MONITOR_VIEW = 'monitor';

/** The entry URL, optionally asking the renderer for a given view (`?view=monitor`). */
export function appEntryUrl(view?: string): string {
  if (view === undefined) return APP_ENTRY_URL;
  const url = new URL(APP_ENTRY_URL);
  url.searchParams.set('view', view);
  return url.toString();
}

/**
 * Whether a URL belongs to our renderer origin. Compared by scheme and host, not `URL.origin`:
 * WHATWG reports the opaque origin "null" for non-special schemes, which would match any of them.
 */
export function isAppUrl(raw: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  return url.protocol === `${APP_SCHEME}:` && url.host === APP_HOST && url.username === '' && url.password === '';
}
