/**
 * The web runtime's server: serves the built renderer on 127.0.0.1 and carries the VenueBridge over a loopback
 * WebSocket (/bridge) guarded by the start-up token, the Origin and the Host header. A second token opens the
 * read-only table monitor: its socket gets the snapshots and may invoke nothing but the snapshot read.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { InvokeOutcome, SessionSnapshot } from '../../preload/contract';
import { monitorChannels } from '../../preload/contract/channels';
import type { SessionHost } from '../core/session/host';
import { clientMessageSchema, MAX_CLIENT_MESSAGE_BYTES, type ServerMessage } from './bridge-protocol';
import { isLoopbackHost, isOwnOrigin, tokenMatches } from './guards';
import { securityHeaders, serveFile } from './static-files';

export interface WebServerOptions {
  readonly host: SessionHost;
  /** The built renderer (dist/renderer). */
  readonly rendererDir: string;
  /** 0 picks a free port. */
  readonly port?: number;
  /** Tests may fix it; otherwise 32 random bytes. */
  readonly token?: string;
  /** The read-only table monitor's token; otherwise 32 random bytes. */
  readonly monitorToken?: string;
}

export interface WebServer {
  /** http://127.0.0.1:<port>/?token=<token> */
  readonly url: string;
  /** The table monitor for a screen facing the room: its token may only read the snapshot. */
  readonly monitorUrl: string;
  readonly port: number;
  readonly token: string;
  close(): Promise<void>;
}

function refuseUpgrade(socket: Duplex, status: number, reason: string): void {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

function send(socket: WebSocket, message: ServerMessage): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}

/** What a socket's token lets it do: everything, or (the table monitor) read the snapshot only. */
type Role = 'cashier' | 'monitor';

const readOnly: InvokeOutcome<never> = {
  ok: false,
  error: { code: 'read_only', message: 'The table monitor only shows the table; it cannot change anything.' },
};

function attachBridge(host: SessionHost, socket: WebSocket, role: Role): void {
  let unsubscribe: (() => void) | null = null;
  // Every push is the whole snapshot: the page's store keeps the parts that did not change (share-equal.ts).
  const push = (snapshot: SessionSnapshot) => send(socket, { t: 'snapshot', snapshot });
  socket.on('message', (data: RawData, isBinary: boolean) => {
    if (isBinary) return socket.close(1003, 'text only');
    let parsed: unknown;
    try {
      parsed = JSON.parse(data.toString());
    } catch {
      return socket.close(1007, 'not JSON');
    }
    const message = clientMessageSchema.safeParse(parsed);
    if (!message.success) return socket.close(1008, 'bad message');
    if (message.data.t === 'subscribe') {
      if (unsubscribe !== null) return;
      unsubscribe = host.subscribe(push);
      // A page that reconnects (the runtime restarted, or the socket dropped) must not wait for the next change.
      push(host.snapshot());
      return;
    }
    const { id, channel, args } = message.data;
    if (role === 'monitor' && !monitorChannels.has(channel)) return send(socket, { t: 'result', id, outcome: readOnly });
    void host.invoke(channel, args).then((outcome) => send(socket, { t: 'result', id, outcome }));
  });
  socket.on('close', () => unsubscribe?.());
}

/** Starts the server; resolves once it listens. */
export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const token = options.token ?? randomBytes(32).toString('base64url');
  const monitorToken = options.monitorToken ?? randomBytes(32).toString('base64url');
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_CLIENT_MESSAGE_BYTES });
  let port = 0;

  const server: Server = createServer((request, response) => {
    if (!isLoopbackHost(request.headers.host, port)) {
      response.writeHead(421, { ...securityHeaders(), 'content-type': 'text/plain; charset=utf-8' });
      response.end('wrong host');
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { ...securityHeaders(), allow: 'GET, HEAD' });
      response.end();
      return;
    }
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    void serveFile(options.rendererDir, path, response);
  });

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/bridge') return refuseUpgrade(socket, 404, 'Not Found');
    if (!isLoopbackHost(request.headers.host, port)) return refuseUpgrade(socket, 421, 'Misdirected Request');
    if (!isOwnOrigin(request.headers.origin, port)) return refuseUpgrade(socket, 403, 'Forbidden');
    const given = url.searchParams.get('token');
    const role: Role | null = tokenMatches(given, token) ? 'cashier' : tokenMatches(given, monitorToken) ? 'monitor' : null;
    if (role === null) return refuseUpgrade(socket, 401, 'Unauthorized');
    sockets.handleUpgrade(request, socket, head, (client) => attachBridge(options.host, client, role));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    monitorUrl: `http://127.0.0.1:${port}/?token=${monitorToken}&view=monitor`,
    port,
    token,
    async close() {
      for (const client of sockets.clients) client.terminate();
      sockets.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
