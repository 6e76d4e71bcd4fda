/**
 * Who may talk to the web runtime. The page and its socket are on 127.0.0.1 only, and still:
 * - the Host header must name loopback (a DNS-rebinding page on another name is refused),
 * - the socket's Origin must be this runtime's own origin (another local page cannot drive the cashier),
 * - the socket must carry a session cookie won with the one-time link printed at start-up (web-sessions.ts),
 * and nothing a client sends is parsed outside a guard: a malformed target is a 400, never a crash.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';

const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The Host header names loopback on our port. */
export function isLoopbackHost(host: string | undefined, port: number): boolean {
  if (host === undefined) return false;
  const match = /^(.+):(\d+)$/.exec(host);
  if (match === null) return false;
  return LOOPBACK_NAMES.has((match[1] as string).toLowerCase()) && Number(match[2]) === port;
}

/** The Origin is exactly one of our loopback origins. */
export function isOwnOrigin(origin: string | undefined, port: number): boolean {
  if (origin === undefined) return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return url.protocol === 'http:' && url.origin === origin && isLoopbackHost(url.host, port);
}

/** A fresh secret (256 bits, URL-safe): every link token, session and page cookie id and tab secret of the runtime. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Constant-time token comparison. */
export function tokenMatches(given: string | null, expected: string): boolean {
  if (given === null) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const TARGET_BASE = 'http://127.0.0.1';

/** A backslash or a control character: a browser never sends one raw in a request target (it sends `/` or %XX). */
function hasRawOddCharacter(target: string): boolean {
  for (let index = 0; index < target.length; index += 1) {
    const code = target.charCodeAt(index);
    if (code < 0x20 || code === 0x7f || code === 0x5c) return true;
  }
  return false;
}

/**
 * The request target as a URL, or null for anything but a plain origin-form path (`/x?y`): absolute forms,
 * `//host` and unparsable text are refused before anything else looks at them. So are the spellings the URL parser
 * reads as `//host` too (`/\host`: a backslash is a slash; `/\t/host`: tabs are dropped), whatever host they name
 * (`/\127.0.0.1/x` parses to this very origin), by refusing backslashes and control characters outright.
 */
export function parseRequestTarget(target: string | undefined): URL | null {
  if (
    target === undefined ||
    !target.startsWith('/') ||
    target.startsWith('//') ||
    target.length > 8192 ||
    hasRawOddCharacter(target)
  )
    return null;
  try {
    const url = new URL(target, TARGET_BASE);
    return url.origin === TARGET_BASE ? url : null;
  } catch {
    return null;
  }
}
