/**
 * One attempt at the live socket: the WebSocket with its limits, and its events handed on only while it is still
 * the keeper's current socket (a socket the keeper terminated or replaced may still deliver buffered frames, a
 * late pong or its close: they are not read). A refused upgrade is read for its status and `retry_after_sec`.
 */
import WebSocket from 'ws';
import { MAX_LIVE_FRAME_BYTES } from './body-limit';
import { readUpgradeRefusal } from './live-upgrade';

/**
 * Close codes that look like "this key may no longer connect" but are not a 401 (1008 is a generic policy close):
 * the keeper checks the key with GET /key and reconnects, and only a 401 withdraws.
 */
export const DOUBTFUL_CLOSE_CODES: ReadonlySet<number> = new Set([1008, 3000, 3003, 4001, 4003, 4401, 4403]);

/** What the keeper hears of one socket. */
export interface SocketEvents {
  /** True while `socket` is the keeper's current one: events of any other are dropped. */
  isCurrent(socket: WebSocket): boolean;
  /** The upgrade got an HTTP answer instead of a socket: this one is over; `refused` follows once it is read. */
  refusing(): void;
  refused(status: number, retryAfterSec: number | null): void;
  opened(socket: WebSocket): void;
  message(text: string): void;
  pong(): void;
  closed(code: number): void;
}

/** Opens `url`; the caller makes the returned socket its current one at once. */
export function openLiveSocket(url: string, handshakeTimeoutMs: number, events: SocketEvents): WebSocket {
  const socket = new WebSocket(url, {
    handshakeTimeout: handshakeTimeoutMs,
    // A larger frame ends this connection (1009) before it is buffered whole; the keeper reconnects with backoff.
    maxPayload: MAX_LIVE_FRAME_BYTES,
  });
  socket.on('unexpected-response', (request, response) => {
    if (!events.isCurrent(socket)) {
      request.destroy();
      return;
    }
    events.refusing();
    void readUpgradeRefusal(response).then((refusal) => {
      request.destroy();
      events.refused(refusal.status, refusal.retryAfterSec);
    });
  });
  socket.on('open', () => {
    if (events.isCurrent(socket)) events.opened(socket);
  });
  socket.on('message', (data: WebSocket.RawData) => {
    if (events.isCurrent(socket) && socket.readyState === WebSocket.OPEN) events.message(data.toString());
  });
  socket.on('pong', () => {
    if (events.isCurrent(socket)) events.pong();
  });
  socket.on('close', (code: number) => {
    if (events.isCurrent(socket)) events.closed(code);
  });
  // 'close' always follows 'error'; the error itself needs a listener so it is not thrown.
  socket.on('error', () => undefined);
  return socket;
}
