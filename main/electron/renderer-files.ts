/**
 * Resolves an `app://renderer/...` request to a file inside dist/renderer and nothing else.
 * Plain Node (no electron import) so the refusal rules are unit-tested directly.
 */
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { APP_HOST, APP_SCHEME } from './app-origin';

/** Why a request was refused, or the file to serve. */
export type RendererFileResolution =
  | { readonly kind: 'file'; readonly filePath: string }
  | { readonly kind: 'refused'; readonly status: 400 | 403 | 404; readonly reason: string };

const refused = (status: 400 | 403 | 404, reason: string): RendererFileResolution => ({
  kind: 'refused',
  status,
  reason,
});

function isInside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

/**
 * Maps a request URL to a file under `rootDir`. Refuses other hosts, encoded separators and NUL bytes,
 * anything that resolves outside the root, and symlinks whose target leaves it.
 */
export async function resolveRendererFile(rootDir: string, rawUrl: string): Promise<RendererFileResolution> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return refused(400, 'malformed URL');
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return refused(404, 'unknown host');

  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return refused(400, 'malformed path encoding');
  }
  // An encoded separator or NUL would let one URL segment become several path segments (or truncate one).
  if (/[\\\0]/.test(pathname) || /%2f|%5c/i.test(url.pathname)) return refused(403, 'forbidden path characters');
  if (pathname.split('/').some((segment) => segment === '..')) return refused(403, 'path traversal');

  const root = path.resolve(rootDir);
  const relativePath = pathname === '/' || pathname === '' ? 'index.html' : pathname.replace(/^\/+/, '');
  const candidate = path.resolve(root, relativePath);
  if (!isInside(root, candidate)) return refused(403, 'path traversal');

  let realRoot: string;
  let realFile: string;
  try {
    realRoot = await realpath(root);
    realFile = await realpath(candidate);
  } catch {
    return refused(404, 'not found');
  }
  if (!isInside(realRoot, realFile)) return refused(403, 'link leaves the renderer directory');
  return { kind: 'file', filePath: realFile };
}

const MIME_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** The Content-Type for a served file; unknown extensions are opaque bytes (never sniffed into script). */
export function mimeTypeFor(filePath: string): string {
  return MIME_TYPES[path.extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}
