/**
 * The web runtime's server: serves the built renderer on 127.0.0.1 and carries the VenueBridge over a loopback
 * WebSocket guarded by the Host header, the Origin and a session cookie. The printed links' tokens are exchanged
 * once for those cookies (web-sessions.ts). The cashier's socket (/bridge) may do everything; the table monitor's
 * (/monitor-bridge) receives only the monitor projection of the snapshot and may invoke nothing but its read; its
 * sessions alone are kept over a restart (monitor-screens.ts), so a room's screen comes back by itself.
 * Nothing a client sends can stop the process: every request and upgrade is handled inside a guard.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { monitorOutcome, monitorProjection } from '../core/session/monitor-projection';
import type { SessionApi } from '../core/session/session-api';
import { ScrubbedPushes, type Scrub } from '../core/session/scrubbed-pushes';
import { attachBridge } from './bridge-socket';
import { isLoopbackHost, isOwnOrigin, newSecret, parseRequestTarget } from './guards';
import { paintedPage, startFirstPainter, type FirstPainter } from './first-paint';
import { securityHeaders, serveFile } from './static-files';
import { MAX_CLIENT_MESSAGE_BYTES } from './bridge-protocol';
import type { MonitorScreens } from './monitor-screens';
import { BRIDGE_PATHS, runtimeCookieTag, tabProof, WebSessions, type Role } from './web-sessions';

export interface WebServerOptions {
  readonly session: SessionApi;
  /** The built renderer (dist/renderer). */
  readonly rendererDir: string;
  /** 0 picks a free port. */
  readonly port?: number;
  /** The cashier's one-time link token; tests may fix it, otherwise 32 random bytes. */
  readonly token?: string;
  /** The table monitor's one-time link token; otherwise 32 random bytes. */
  readonly monitorToken?: string;
  /** Removes the venue key from whatever goes to a page (results and snapshots); identity when absent. */
  readonly scrub?: Scrub;
  /** Where a request that failed inside the server is reported (already scrubbed by the caller's log). */
  readonly log?: (message: string) => void;
  /** Open connections (of any kind) the runtime serves at once; more are answered 503 and closed. */
  readonly maxConnections?: number;
  /** The table monitor's sessions kept in the data folder (monitor-screens.ts); absent: they end with the server. */
  readonly monitorScreens?: MonitorScreens;
}

/** The runtime's cap on open connections: pages, sockets and idle keep-alives of a few tabs, with a wide margin. */
export const MAX_CONNECTIONS = 128;
/** Sockets one browser session may hold at once (a tab that reconnects may overlap its old socket briefly). */
export const MAX_SOCKETS_PER_SESSION = 4;

const tooManyConnections = (cap: number): string =>
  `too many connections to the Venue Cashier web runtime (at most ${cap})\n`;

export interface WebServer {
  /** http://127.0.0.1:<port>/?token=<token>: opens one cashier session, once. */
  readonly url: string;
  /** The table monitor for a screen facing the room: opens one monitor session, once. */
  readonly monitorUrl: string;
  readonly port: number;
  readonly token: string;
  /** A new one-time link of `role` (the role's earlier unused link is dead from now): link-channel.ts. */
  newLink(role: Role): string;
  /** Forgets every table monitor session (kept ones too) and closes their sockets; how many sessions there were. */
  forgetMonitors(): number;
  /** What this runtime's cookie names end with (`_<port>_<instance>`, web-sessions.ts). */
  readonly cookieTag: string;
  close(): Promise<void>;
}

const STATUS_TEXT: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  421: 'Misdirected Request',
  429: 'Too Many Requests',
};

const isPage = (pathname: string): boolean => pathname === '/' || pathname === '/index.html';

function refuseUpgrade(socket: Duplex, status: number): void {
  if (socket.writable)
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Error'}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
    );
  else socket.destroy();
}

const USED_LINK =
  'This link is not valid or was already used: each printed link opens one ' +
  'browser session, once. For a new link run: npm run web -- --link (with the same --data-dir).';

/**
 * What the request and upgrade handlers share. The port and the sessions (whose cookie names carry the port) are known
 * once the server listens; the handlers run only for requests, which arrive after listen().
 */
interface Runtime {
  readonly options: WebServerOptions;
  readonly scrub: Scrub;
  readonly log: (message: string) => void;
  readonly painter: FirstPainter;
  /** The table monitor's open sockets: closed when its sessions are forgotten. */
  readonly monitorClients: Set<WebSocket>;
  port(): number;
  sessions(): WebSessions;
}

/** Starts the server; resolves once it listens. */
export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const token = options.token ?? newSecret();
  const monitorToken = options.monitorToken ?? newSecret();
  const instance = newSecret().slice(0, 12);
  const scrub: Scrub = options.scrub ?? ((value) => value);
  // Every socket's pushes from one subscription: each snapshot is scrubbed once, however many pages are open.
  const pushes = new ScrubbedPushes(options.session, scrub);
  const log = options.log ?? ((message: string) => console.error(message));
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_CLIENT_MESSAGE_BYTES });
  let listening: { readonly port: number; readonly sessions: WebSessions } | null = null;
  const runtime: Runtime = {
    options,
    scrub,
    log,
    painter: await startFirstPainter(log),
    monitorClients: new Set<WebSocket>(),
    port: () => listening?.port ?? 0,
    sessions: () => {
      if (listening === null) throw new Error('a request before the web server listens');
      return listening.sessions;
    },
  };
  const server: Server = createServer(guardedRequests(runtime));
  server.on('upgrade', guardedUpgrades(runtime, bridgeUpgrades(runtime, sockets, pushes)));
  capConnections(server, options.maxConnections ?? MAX_CONNECTIONS);
  // Bytes that are not HTTP at all: answer 400 when the socket still can, and drop it.
  server.on('clientError', (_error, socket: Duplex) => refuseUpgrade(socket, 400));

  const port = await listenOnLoopback(server, options.port ?? 0);
  const monitors = options.monitorScreens;
  const sessions = new WebSessions(
    { cashier: token, monitor: monitorToken },
    Date.now,
    runtimeCookieTag(port, instance),
    // The monitor's cookie is named by the instance kept with its sessions: the same name after a restart.
    monitors === undefined ? null : { tag: runtimeCookieTag(port, monitors.instance), screens: monitors },
  );
  listening = { port, sessions };

  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    monitorUrl: `http://127.0.0.1:${port}/?token=${monitorToken}&view=monitor`,
    port,
    token,
    cookieTag: runtimeCookieTag(port, instance),
    newLink(role) {
      const fresh = sessions.renewLink(role);
      return `http://127.0.0.1:${port}/?token=${fresh}${role === 'monitor' ? '&view=monitor' : ''}`;
    },
    forgetMonitors() {
      const forgotten = sessions.forgetMonitors();
      for (const client of runtime.monitorClients) client.terminate();
      return forgotten;
    },
    async close() {
      for (const client of sockets.clients) client.terminate();
      sockets.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await monitors?.settled();
    },
  };
}

async function listenOnLoopback(server: Server, port: number): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return (server.address() as AddressInfo).port;
}

function plain(
  runtime: Runtime,
  response: ServerResponse,
  status: number,
  text: string,
  extra: Record<string, string> = {},
): void {
  response.writeHead(status, {
    ...securityHeaders(runtime.port()),
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
    ...extra,
  });
  response.end(text);
}

/** `/?token=…`: trade the link for a cookie and send the browser to the same address without the token. */
function exchange(runtime: Runtime, request: IncomingMessage, target: URL, response: ServerResponse): void {
  const given = target.searchParams.get('token') ?? '';
  const won = request.method === 'GET' ? runtime.sessions().exchange(given) : null;
  if (won === null) return plain(runtime, response, 401, USED_LINK);
  target.searchParams.delete('token');
  // Each role's page is the one its cookie opens a socket for.
  if (won.role === 'monitor') target.searchParams.set('view', 'monitor');
  else target.searchParams.delete('view');
  const search = target.searchParams.toString();
  response.writeHead(303, {
    ...securityHeaders(runtime.port()),
    location: `/${search === '' ? '' : `?${search}`}`,
    'set-cookie': [won.setCookie, won.pageCookie],
    'cache-control': 'no-store',
  });
  response.end();
}

/** index.html, with the table drawn in when the request spends a page cookie of the view it asks for. */
async function servePage(
  runtime: Runtime,
  request: IncomingMessage,
  target: URL,
  response: ServerResponse,
): Promise<void> {
  const { options, scrub, painter } = runtime;
  const sessions = runtime.sessions();
  const view: Role = target.searchParams.get('view') === 'monitor' ? 'monitor' : 'cashier';
  // Only a GET spends the page cookie: the page the link's redirect opens.
  const spent = request.method === 'GET' && sessions.takePageCookie(request.headers.cookie, view);
  // Spent, it is dead here whatever this answer turns out to be (drawn, as built, a 500): the browser drops it too,
  // or it would keep travelling to every local port until it expires. An answer that spent nothing drops nothing.
  if (spent) response.setHeader('set-cookie', sessions.clearPageCookie(view));
  const markup = spent ? painter.draw(scrub(monitorProjection(options.session.snapshot())), view) : null;
  const built = markup === null ? null : await readFile(join(options.rendererDir, 'index.html'), 'utf8');
  const page = built === null || markup === null ? null : paintedPage(built, markup, view);
  if (page === null) return serveFile(options.rendererDir, target.pathname, response, securityHeaders(runtime.port()));
  response.writeHead(200, {
    ...securityHeaders(runtime.port()),
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
  });
  response.end(page);
}

function handleRequest(runtime: Runtime, request: IncomingMessage, response: ServerResponse): void {
  const port = runtime.port();
  if (!isLoopbackHost(request.headers.host, port)) return plain(runtime, response, 421, 'wrong host');
  const target = parseRequestTarget(request.url);
  if (target === null) return plain(runtime, response, 400, 'bad request');
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return plain(runtime, response, 405, '', { allow: 'GET, HEAD' });
  }
  if (target.searchParams.has('token')) return exchange(runtime, request, target, response);
  const serving = isPage(target.pathname)
    ? servePage(runtime, request, target, response)
    : serveFile(runtime.options.rendererDir, target.pathname, response, securityHeaders(port));
  serving.catch((error: unknown) => {
    runtime.log(`[web] serving ${target.pathname} failed: ${error instanceof Error ? error.name : typeof error}`);
    if (!response.headersSent) plain(runtime, response, 500, 'internal error');
    else response.destroy();
  });
}

/** Every request handled inside a guard: nothing a client sends can stop the process. */
function guardedRequests(runtime: Runtime): (request: IncomingMessage, response: ServerResponse) => void {
  return (request, response) => {
    try {
      handleRequest(runtime, request, response);
    } catch (error) {
      runtime.log(`[web] request refused: ${error instanceof Error ? error.name : typeof error}`);
      if (!response.headersSent) plain(runtime, response, 400, 'bad request');
      else response.destroy();
    }
  };
}

type UpgradeHandler = (request: IncomingMessage, socket: Duplex, head: Buffer) => void;

/** The bridge sockets: /bridge for the cashier, /monitor-bridge for the monitor, each admitted by its cookie. */
function bridgeUpgrades(runtime: Runtime, sockets: WebSocketServer, pushes: ScrubbedPushes): UpgradeHandler {
  /** Open sockets per session id. */
  const socketsOf = new Map<string, number>();
  return (request, socket, head) => {
    const port = runtime.port();
    if (!isLoopbackHost(request.headers.host, port)) return refuseUpgrade(socket, 421);
    const target = parseRequestTarget(request.url);
    if (target === null) return refuseUpgrade(socket, 400);
    const role: Role | null =
      target.pathname === BRIDGE_PATHS.cashier
        ? 'cashier'
        : target.pathname === BRIDGE_PATHS.monitor
          ? 'monitor'
          : null;
    if (role === null) return refuseUpgrade(socket, 404);
    if (!isOwnOrigin(request.headers.origin, port)) return refuseUpgrade(socket, 403);
    const proof = tabProof(request.headers['sec-websocket-protocol']);
    const admitted = runtime.sessions().admit(request.headers.cookie, role, proof);
    if (admitted === null) return refuseUpgrade(socket, 401);
    // One session (one browser's cookie) cannot take the runtime's sockets for itself: past its cap, 429.
    const held = socketsOf.get(admitted.session) ?? 0;
    if (held >= MAX_SOCKETS_PER_SESSION) {
      admitted.released();
      return refuseUpgrade(socket, 429);
    }
    socketsOf.set(admitted.session, held + 1);
    socket.once('close', () => {
      const left = (socketsOf.get(admitted.session) ?? 1) - 1;
      if (left <= 0) socketsOf.delete(admitted.session);
      else socketsOf.set(admitted.session, left);
    });
    // A socket that ends before its page kept a new tab secret (even one that never finishes the handshake)
    // leaves the session unbound again: otherwise the tab that opened it would be locked out for good.
    socket.once('close', () => admitted.released());
    const view = role === 'monitor' ? { snapshot: monitorProjection, outcome: monitorOutcome } : null;
    const { session } = runtime.options;
    sockets.handleUpgrade(request, socket, head, (client) => {
      if (role === 'monitor') {
        runtime.monitorClients.add(client);
        client.once('close', () => runtime.monitorClients.delete(client));
      }
      attachBridge({ session, pushes, socket: client, role, view, scrub: runtime.scrub, tab: admitted });
    });
  };
}

/** Every upgrade handled inside a guard, and a socket that errors (reset mid-handshake) never an unhandled event. */
function guardedUpgrades(runtime: Runtime, handleUpgrade: UpgradeHandler): UpgradeHandler {
  return (request, socket, head) => {
    socket.on('error', () => socket.destroy());
    try {
      handleUpgrade(request, socket, head);
    } catch (error) {
      runtime.log(`[web] upgrade refused: ${error instanceof Error ? error.name : typeof error}`);
      refuseUpgrade(socket, 400);
    }
  };
}

/** Past the cap a connection is told why and closed before anything is read from it; the open ones go on. */
function capConnections(server: Server, maxConnections: number): void {
  let open = 0;
  server.on('connection', (socket) => {
    open += 1;
    socket.once('close', () => {
      open -= 1;
    });
    if (open <= maxConnections) return;
    socket.on('error', () => socket.destroy());
    const text = tooManyConnections(maxConnections);
    socket.end(
      `HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
    );
  });
}
