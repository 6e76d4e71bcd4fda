/**
 * WS /v1/live/events: the state frame on connect, the since_seq catch-up, live events as they happen, the
 * per-key socket limit, immediate closing on revocation, and the drop/freeze faults.
 *
 * Refusals at the upgrade are plain HTTP answers with the usual {error} body: 401 unauthorized, 429 rate_limited
 * (a 6th concurrent socket for a key), 404 for another path. A since_seq that is not a non-negative integer is
 * accepted and then closed at once with 1008 "bad_since_seq" (nothing else is sent). Revocation closes with 1008
 * "unauthorized". An engine restart closes every socket with 1012 "engine_restart", so no open socket ever sees seq
 * go back to 1; clients reconnect with since_seq and get reset: true.
 *
 * Run identity: the server remembers, per key, the engine run its last socket began in. A since_seq from a key whose
 * last socket began in an earlier run belongs to that run, so the catch-up says reset: true even when the new run
 * has already passed the old cursor. (A key never seen by this process falls back to "a cursor above this run's
 * counter cannot be this run's"; several clients sharing one key across a restart are told apart only that way.)
 * The live faults (live/live-faults.ts) refuse upgrades and malform a start_hand seat.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import type { VenueContext } from './context';
import { CORS_HEADERS } from './http-io';

const EVENTS_PATH = '/v1/live/events';
const POLICY_VIOLATION = 1008;

interface Client {
  readonly socket: WebSocket;
  readonly key: string;
  readonly unsubscribe: () => void;
}

export class LiveSocketServer {
  private readonly server = new WebSocketServer({ noServer: true, autoPong: false });
  private readonly clients = new Set<Client>();
  /** The engine run each key's latest socket began in: the run its clients' cursors belong to. */
  private readonly runOfKey = new Map<string, number>();

  constructor(private readonly context: VenueContext) {
    context.keys.onRevoke((key) => {
      for (const client of this.clients) if (client.key === key) client.socket.close(POLICY_VIOLATION, 'unauthorized');
    });
  }

  /** For the HTTP server's 'upgrade' event. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname.replace(/\/+$/, '') !== EVENTS_PATH) return refuse(socket, 404, { error: 'not_found' });
    if (this.context.liveFaults.refuse(socket, (status, body, headers) => refuse(socket, status, body, headers)))
      return;
    const key = url.searchParams.get('key');
    if (this.context.keys.check(key) === null || key === null) return refuse(socket, 401, { error: 'unauthorized' });
    const open = [...this.clients].filter((client) => client.key === key).length;
    if (open >= this.context.socketsPerKey) {
      return refuse(socket, 429, {
        error: 'rate_limited',
        retry_after_sec: 5,
        limit: 'concurrent_sockets',
        max: this.context.socketsPerKey,
      });
    }
    const sinceRaw = url.searchParams.get('since_seq');
    this.server.handleUpgrade(request, socket, head, (ws) => this.connected(ws, key, sinceRaw));
  }

  /** Orderly close of every socket with a code and reason (an engine restart: clients reconnect with since_seq). */
  closeAll(code: number, reason: string): void {
    for (const client of this.clients) client.socket.close(code, reason);
  }

  /** Abrupt close of every socket, as a network drop. */
  dropAll(): void {
    for (const client of this.clients) client.socket.terminate();
  }

  get openCount(): number {
    return this.clients.size;
  }

  async close(): Promise<void> {
    for (const client of this.clients) client.socket.terminate();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private connected(socket: WebSocket, key: string, sinceRaw: string | null): void {
    if (sinceRaw !== null && !/^\d{1,15}$/.test(sinceRaw)) {
      socket.close(POLICY_VIOLATION, 'bad_since_seq');
      return;
    }
    const { feed, liveFaults } = this.context;
    const send = (frame: Record<string, unknown>): void => {
      if (this.context.frozen() || socket.readyState !== WebSocket.OPEN) return;
      socket.send(JSON.stringify(this.context.injector.decorateFrame(liveFaults.decorate(frame, feed.engineRun))));
    };
    const cursorRun = this.runOfKey.get(key);
    this.runOfKey.set(key, feed.engineRun);
    // Subscribing and sending the catch-up happen in one synchronous turn, so no event can fall between them.
    const unsubscribe = this.context.feed.subscribe((frame) => send({ ...frame }));
    const client: Client = { socket, key, unsubscribe };
    this.clients.add(client);
    socket.on('close', () => {
      unsubscribe();
      this.clients.delete(client);
    });
    socket.on('error', () => socket.terminate());
    socket.on('ping', (data) => {
      if (!this.context.frozen() && socket.readyState === WebSocket.OPEN) socket.pong(data);
    });
    send({ type: 'state', live: this.context.live(), state: this.context.liveState() });
    if (sinceRaw !== null) {
      const catchup = feed.catchup(Number(sinceRaw), cursorRun);
      send({ ...catchup.envelope });
      for (const frame of catchup.events) send({ ...frame });
    }
  }
}

function refuse(
  socket: Duplex,
  status: number,
  body: Record<string, unknown>,
  extra: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  const reason =
    { 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 429: 'Too Many Requests', 503: 'Service Unavailable' }[
      status
    ] ?? 'Error';
  const headers = Object.entries({
    ...CORS_HEADERS,
    ...extra,
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(text)),
    Connection: 'close',
  })
    .map(([name, value]) => `${name}: ${value}`)
    .join('\r\n');
  socket.end(`HTTP/1.1 ${status} ${reason}\r\n${headers}\r\n\r\n${text}`);
}
