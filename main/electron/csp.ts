/** The Content-Security-Policy every response carries: our own code only, no inline script, no framing. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'none'",
].join('; ');

/** Headers added to every response besides the CSP: no MIME sniffing, no referrer leaks. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

/**
 * Response headers with our security headers forced in. Any case-variant of the same header that the
 * response already carried is dropped first, so a looser policy from elsewhere cannot stay alongside ours.
 */
export function withSecurityHeaders(
  headers: Readonly<Record<string, string | string[]>> | undefined,
): Record<string, string[]> {
  const forced = new Set(Object.keys(SECURITY_HEADERS).map((name) => name.toLowerCase()));
  const result: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (forced.has(name.toLowerCase())) continue;
    result[name] = Array.isArray(value) ? [...value] : [value];
  }
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) result[name] = [value];
  return result;
}
