/** A bare socket server on a free local port for tests that script what a venue's live socket sends. */
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

export interface ScriptedSocketServer {
  /** The venue's live socket address (`ws://127.0.0.1:<port>/v1`). */
  readonly wsUrl: string;
  /** Cuts every client at once (no closing handshake) and stops listening. */
  readonly close: () => Promise<void>;
}

/** Listens on 127.0.0.1 (port 0) and hands every new connection, with its upgrade request, to `onConnection`. */
export async function scriptedSocketServer(
  onConnection: (socket: WebSocket, request: IncomingMessage) => void,
): Promise<ScriptedSocketServer> {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  server.on('connection', onConnection);
  return {
    wsUrl: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}
