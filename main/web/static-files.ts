/**
 * Serves the BUILT renderer (dist/renderer) with the strict CSP and nosniff. Only files under the root are
 * reachable; anything else is 404. index.html is never cached (it names the hashed assets).
 */
import { readFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

/**
 * The page's Content Security Policy: no inline script or style, sockets only to this runtime's own port. The runtime
 * listens on 127.0.0.1 only, so `ws://[::1]:PORT` is not named (Chromium also rejects that source as invalid and says
 * so in the console of every page).
 */
export function contentSecurityPolicy(port: number): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    `connect-src 'self' ws://127.0.0.1:${port} ws://localhost:${port}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'none'",
  ].join('; ');
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

/** Headers every response of the runtime (listening on `port`) carries. */
export function securityHeaders(port: number): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(port),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'cross-origin-embedder-policy': 'require-corp',
  };
}

/** Maps a URL path onto a file under `root`, or null when it would escape it. */
export function resolveUnder(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const relative = decoded === '/' ? 'index.html' : decoded.replace(/^\/+/, '');
  const full = normalize(join(root, relative));
  return full === root || full.startsWith(root.endsWith(sep) ? root : root + sep) ? full : null;
}

/** Writes the file or a 404, with `headers` (the security headers) on either. */
export async function serveFile(
  root: string,
  urlPath: string,
  response: ServerResponse,
  headers: Record<string, string>,
): Promise<void> {
  const path = resolveUnder(root, urlPath);
  let body: Buffer | null = null;
  if (path !== null) body = await readFile(path).catch(() => null);
  if (path === null || body === null) {
    response.writeHead(404, { ...headers, 'content-type': 'text/plain; charset=utf-8' });
    response.end('not found');
    return;
  }
  const type = MIME[extname(path)] ?? 'application/octet-stream';
  const caching = extname(path) === '.html' ? 'no-store' : 'private, max-age=31536000, immutable';
  response.writeHead(200, { ...headers, 'content-type': type, 'cache-control': caching });
  response.end(body);
}
