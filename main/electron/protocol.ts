/**
 * The `app://` protocol: registered as privileged (standard + secure) before `ready`, then served
 * from dist/renderer only, every response carrying our CSP. Electron APIs are injected so the handler
 * itself runs and is tested under plain Node.
 */
import { readFile } from 'node:fs/promises';
import type { CustomScheme, Protocol } from 'electron';
import { APP_SCHEME } from './app-origin';
import { SECURITY_HEADERS } from './csp';
import { mimeTypeFor, resolveRendererFile } from './renderer-files';

/**
 * The privileges of our scheme: a real, secure origin; no CSP bypass, no service workers. `corsEnabled`
 * stays off: it would let other origins read app:// responses, and our own same-origin module scripts
 * do not need it.
 */
export const APP_SCHEME_PRIVILEGES: CustomScheme = {
  scheme: APP_SCHEME,
  privileges: {
    standard: true,
    secure: true,
    supportFetchAPI: true,
    bypassCSP: false,
    corsEnabled: false,
    allowServiceWorkers: false,
  },
};

/** Must run before the app is ready (Electron's rule for privileged schemes). */
export function registerAppSchemePrivileged(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);
}

function textResponse(status: number, body: string): Response {
  return new Response(body, {
    status,
    headers: { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' },
  });
}

/** The request handler for `app://`: GET/HEAD of files inside `rootDir`, anything else refused. */
export function createAppProtocolHandler(rootDir: string): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return textResponse(405, 'method not allowed');
    const resolution = await resolveRendererFile(rootDir, request.url);
    if (resolution.kind === 'refused') return textResponse(resolution.status, resolution.reason);
    let body: Buffer;
    try {
      body = await readFile(resolution.filePath);
    } catch {
      return textResponse(404, 'not found');
    }
    const headers = { ...SECURITY_HEADERS, 'Content-Type': mimeTypeFor(resolution.filePath) };
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers });
  };
}

/** Serves `app://` from `rootDir`; call once the app is ready. */
export function serveAppProtocol(protocol: Pick<Protocol, 'handle'>, rootDir: string): void {
  protocol.handle(APP_SCHEME, createAppProtocolHandler(rootDir));
}
